import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useLingui } from "@lingui/react/macro";
import { ButtonLink } from "@/components/mui/router-links";

/** The row under a cart's or a wishlist's table: back to the catalogue, and empty the list (`clearLabel`). */
export function ListFooter({ clearLabel, onClear }: { clearLabel: string; onClear: () => void }) {
  const { t } = useLingui();
  return (
    <Stack direction="row" sx={{ justifyContent: "space-between", mt: 2, flexWrap: "wrap", gap: 1 }}>
      <ButtonLink to="/catalog" variant="outlined">
        {t`Continue Shopping`}
      </ButtonLink>
      <Button variant="outlined" color="error" onClick={onClear}>
        {clearLabel}
      </Button>
    </Stack>
  );
}
