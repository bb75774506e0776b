import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import IconButton, { type IconButtonProps } from "@mui/material/IconButton";
import SearchIcon from "@mui/icons-material/Search";
import { createLink, useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";

function AnchorIconButton(props: IconButtonProps<"a">) {
  return <IconButton component="a" {...props} />;
}
const IconButtonLink = createLink(AnchorIconButton);

/**
 * A search field that opens /search?q= (in the header, and on the search page). In the header on a phone
 * it is a button to the search page.
 */
export function SearchForm({ initial = "", compact = false }: { initial?: string; compact?: boolean }) {
  const { t } = useLingui();
  const form = <SearchField initial={initial} compact={compact} />;
  if (!compact) return form;
  return (
    <>
      <Box sx={{ display: { xs: "none", sm: "block" } }}>{form}</Box>
      <IconButtonLink
        to="/search"
        search={{ q: "" }}
        color="inherit"
        aria-label={t`Search`}
        sx={{ display: { xs: "inline-flex", sm: "none" } }}
      >
        <SearchIcon />
      </IconButtonLink>
    </>
  );
}

function SearchField({ initial, compact }: { initial: string; compact: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = value.trim();
    if (q) void navigate({ to: "/search", search: { q } });
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={t`Search bicycles`}
      onSubmit={submit}
      sx={{
        display: "flex",
        alignItems: "center",
        border: 1,
        borderColor: "divider",
        borderRadius: 5,
        pl: 1.5,
        width: compact ? { xs: 120, md: 180 } : "100%",
        maxWidth: 560,
      }}
    >
      <Box
        component="input"
        type="search"
        name="q"
        value={value}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setValue(e.target.value)}
        aria-label={t`Search`}
        placeholder={t`Search`}
        autoComplete="off"
        sx={{
          border: 0,
          outline: 0,
          flex: 1,
          minWidth: 0,
          font: "inherit",
          bgcolor: "transparent",
          py: 0.75,
        }}
      />
      <IconButton type="submit" size="small" aria-label={t`Search`}>
        <SearchIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
