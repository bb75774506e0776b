import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { VariantSelectionState } from "../hooks/use-variant-selection";

/** Colour and size choices of a bicycle, as labelled toggle groups (keyboard: Tab, Enter/Space). */
export function VariationPickers({ selection: state }: { selection: VariantSelectionState }) {
  const { colors, sizes, onColorChange, onSizeChange } = state;
  const { color, size } = state.selection;
  const { t } = useLingui();
  const colorId = useId();
  const sizeId = useId();
  if (colors.length === 0) return null;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography id={colorId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          <Trans>
            Colour:{" "}
            <Box component="span" sx={{ textTransform: "capitalize", fontWeight: 400 }}>
              {color}
            </Box>
          </Trans>
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={color}
          aria-labelledby={colorId}
          onChange={(_, v: string | null) => v && onColorChange(v)}
          sx={{ flexWrap: "wrap" }}
        >
          {colors.map((c) => (
            <ToggleButton
              key={c.color}
              value={c.color}
              aria-label={c.color}
              sx={{ gap: 1, textTransform: "capitalize" }}
            >
              <Box
                aria-hidden="true"
                sx={{
                  width: 16,
                  height: 16,
                  borderRadius: "50%",
                  border: 1,
                  borderColor: "divider",
                  bgcolor: c.swatch ?? c.color,
                }}
              />
              {c.color}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {sizes.length > 0 && (
        <Box>
          <Typography id={sizeId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t`Size`}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={size}
            aria-labelledby={sizeId}
            onChange={(_, v: string | null) => v && onSizeChange(v)}
          >
            {sizes.map((s) => (
              <ToggleButton key={s.name} value={s.name} sx={{ textTransform: "uppercase", minWidth: 44 }}>
                {s.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
    </Stack>
  );
}
