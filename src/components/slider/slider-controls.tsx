import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { useLingui } from "@lingui/react/macro";
import type { Autoplay } from "./use-autoplay";

const buttonSx = {
  bgcolor: "background.paper",
  border: 1,
  borderColor: "divider",
  "&:hover": { bgcolor: "grey.100" },
} as const;

/** Previous / next (and pause when the slider autoplays): a slider never needs dragging. */
export function SliderControls({
  onPrevious,
  onNext,
  autoplay,
}: {
  onPrevious: () => void;
  onNext: () => void;
  autoplay?: Autoplay;
}) {
  const { t } = useLingui();
  return (
    <Box sx={{ display: "flex", justifyContent: "center", gap: 1, mt: 2 }}>
      <IconButton size="small" onClick={onPrevious} aria-label={t`Previous slide`} sx={buttonSx}>
        <ChevronLeftIcon />
      </IconButton>
      {autoplay?.isAvailable && (
        <IconButton
          size="small"
          onClick={autoplay.toggleStopped}
          aria-label={autoplay.isStopped ? t`Play slides` : t`Pause slides`}
          sx={buttonSx}
        >
          {autoplay.isStopped ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
      )}
      <IconButton size="small" onClick={onNext} aria-label={t`Next slide`} sx={buttonSx}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
