import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import { useLingui } from "@lingui/react/macro";

/** − quantity + ; the label names the product for screen readers. */
export function QuantityStepper({
  quantity,
  name,
  onDecrement,
  onIncrement,
  canIncrement = true,
}: {
  quantity: number;
  name: string;
  onDecrement: () => void;
  onIncrement: () => void;
  canIncrement?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: "center", border: 1, borderColor: "divider", borderRadius: 1, width: "fit-content" }}
    >
      <IconButton size="small" aria-label={t`Decrease the quantity of ${name}`} onClick={onDecrement}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={t`Quantity of ${name}`}
        sx={{ minWidth: 32, textAlign: "center" }}
      >
        {quantity}
      </Typography>
      <IconButton
        size="small"
        aria-label={t`Increase the quantity of ${name}`}
        onClick={onIncrement}
        disabled={!canIncrement}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
