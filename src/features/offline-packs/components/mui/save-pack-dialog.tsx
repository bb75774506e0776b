import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { useSavePack } from "../../hooks/use-save-pack";
import { formatBytes } from "../../utils/pack-estimate";

/** Measuring, the announced size, the progress of the save and its errors, with Cancel at every step. */
export function SavePackDialog({ flow, title }: { flow: ReturnType<typeof useSavePack>; title: string }) {
  const { t, i18n } = useLingui();
  const { phase, prepared, progress, error } = flow;
  const open = phase !== "idle";
  const count = prepared?.products.length ?? 0;
  const size = formatBytes(prepared?.estimatedBytes ?? 0, i18n.locale);
  const inCategory = prepared?.total ?? 0;
  const { done, total } = progress;
  return (
    <Dialog
      open={open}
      onClose={phase === "saving" ? undefined : flow.cancel}
      aria-labelledby="save-pack-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="save-pack-title">{t`Save for offline`}</DialogTitle>
      <DialogContent>
        {title && (
          <Typography variant="subtitle1" gutterBottom>
            {title}
          </Typography>
        )}
        {phase === "measuring" && (
          <>
            <Typography>{t`Measuring what to save…`}</Typography>
            <LinearProgress sx={{ mt: 2 }} aria-label={t`Measuring what to save…`} />
          </>
        )}
        {phase === "confirm" && prepared && (
          <>
            <Typography data-testid="pack-estimate" data-bytes={prepared.estimatedBytes}>
              {plural(count, { one: `# bicycle, about ${size}`, other: `# bicycles, about ${size}` })}
            </Typography>
            {inCategory > count && (
              <Typography variant="body2" color="textSecondary">
                {t`Only the first ${count} of ${inCategory} bicycles are saved.`}
              </Typography>
            )}
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {t`Each bicycle's details, options, reviews and main image are stored on this device, so you can browse them without a connection.`}
            </Typography>
          </>
        )}
        {phase === "saving" && (
          <>
            <LinearProgress
              variant="determinate"
              value={total ? (done / total) * 100 : 0}
              aria-label={t`Saving for offline`}
              sx={{ mb: 1 }}
            />
            <Typography role="status" data-testid="pack-progress">{t`Saved ${done} of ${total}`}</Typography>
          </>
        )}
        {phase === "error" && error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        {phase === "error" ? (
          <Button onClick={flow.cancel}>{t`Close`}</Button>
        ) : (
          <Button onClick={flow.cancel}>{t`Cancel`}</Button>
        )}
        {phase === "confirm" && (
          <Button variant="contained" onClick={flow.confirm}>
            {t({ message: "Save", comment: "starts saving bicycles for offline use" })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
