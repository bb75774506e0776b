import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { SearchIcon } from "@/components/ui/icons";
import "./search-form.css";

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
      <div className="search-form__wide">{form}</div>
      <Link
        to="/search"
        search={{ q: "" }}
        className="ui-icon-btn ui-icon-btn--inherit search-form__narrow"
        aria-label={t`Search`}
      >
        <SearchIcon />
      </Link>
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
    <form
      role="search"
      aria-label={t`Search bicycles`}
      onSubmit={submit}
      className={compact ? "search-form search-form--compact" : "search-form"}
    >
      <input
        className="search-form__input"
        type="search"
        name="q"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-label={t`Search`}
        placeholder={t`Search`}
        autoComplete="off"
      />
      <button type="submit" className="ui-icon-btn ui-icon-btn--small" aria-label={t`Search`}>
        <SearchIcon fontSize="small" />
      </button>
    </form>
  );
}
