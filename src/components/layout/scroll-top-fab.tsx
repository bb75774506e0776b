import Fab from "@mui/material/Fab";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import { useLingui } from "@lingui/react/macro";

/** The round 'Scroll to top' button (loaded the first time the page is scrolled down). */
export function ScrollTopFab() {
  const { t } = useLingui();
  return (
    <Fab
      size="small"
      color="primary"
      aria-label={t`Scroll to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      sx={{ position: "fixed", right: 16, bottom: 16, zIndex: 1200 }}
    >
      <KeyboardArrowUpIcon />
    </Fab>
  );
}
