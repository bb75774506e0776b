import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { ALL_PACK_KEY } from "@/offline/shared/pack-rules";
import { useSavePack } from "../../hooks/use-save-pack";
import { scopeOfPack } from "../../utils/save-pack";
import { useSavedPacks } from "../../hooks/use-saved-packs";
import { formatBytes } from "../../utils/pack-estimate";
import { formatSavedAt } from "../../utils/format-saved-at";
import { removePack, type SavedPack } from "../../utils/pack-store";

function PackRow({ pack, isOnline }: { pack: SavedPack; isOnline: boolean }) {
  const { t, i18n } = useLingui();
  const flow = useSavePack(scopeOfPack(pack));
  const [removing, setRemoving] = useState(false);
  const name = pack.key === ALL_PACK_KEY ? t`All bicycles` : pack.name || pack.key;
  const size = formatBytes(pack.bytes, i18n.locale);
  const date = formatSavedAt(pack.savedAt, i18n.locale);
  const count = pack.productCount;
  const { done, total } = flow.progress;
  return (
    <ListItem divider sx={{ display: "block", py: 2 }} data-testid="saved-pack" data-key={pack.key}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <div>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography
            variant="body2"
            color="textSecondary"
            data-testid="saved-pack-details"
            data-bytes={pack.bytes}
          >
            {plural(count, { one: `# bicycle · ${size}`, other: `# bicycles · ${size}` })}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {isOnline ? t`Saved on ${date}` : t`Prices and stock as of ${date}`}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Button
            variant="outlined"
            size="small"
            onClick={flow.update}
            disabled={!isOnline || flow.phase === "measuring" || flow.phase === "saving"}
            aria-label={t`Update ${name}`}
          >
            {t({ message: "Update", comment: "saves a saved category again with today's data" })}
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="error"
            disabled={removing || flow.phase === "saving"}
            aria-label={t`Remove ${name}`}
            onClick={() => {
              setRemoving(true);
              void removePack(pack.key).finally(() => setRemoving(false));
            }}
          >
            {t({ message: "Remove", comment: "deletes a category saved for offline" })}
          </Button>
        </Stack>
      </Stack>
      {(flow.phase === "measuring" || flow.phase === "saving") && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <LinearProgress
            variant={flow.phase === "saving" ? "determinate" : "indeterminate"}
            value={total ? (done / total) * 100 : 0}
            aria-label={t`Saving for offline`}
          />
          {flow.phase === "saving" && (
            <Typography variant="caption" role="status">
              {t`Saved ${done} of ${total}`}
            </Typography>
          )}
          <Button size="small" onClick={flow.cancel} sx={{ alignSelf: "flex-start" }}>
            {t`Cancel`}
          </Button>
        </Stack>
      )}
      {flow.phase === "error" && flow.error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={flow.cancel}>
          {flow.error}
        </Alert>
      )}
    </ListItem>
  );
}

/** The page "Saved for offline": every saved category with its size and date, Update and Remove. */
export function SavedPacksView() {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const packs = useSavedPacks();
  return (
    <>
      <PageHeader title={t`Saved for offline`} />
      <Container maxWidth="md" sx={{ pb: 6 }}>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {t`Categories saved here open without a connection: every bicycle with its details and images, and the list with its filters and sort.`}
        </Typography>
        {packs === null ? (
          <LinearProgress aria-label={t`Loading`} />
        ) : packs.length === 0 ? (
          <Typography data-testid="no-saved-packs">
            {t`Nothing is saved yet. Use "Save for offline" on a category page or on the home page.`}
          </Typography>
        ) : (
          <List aria-label={t`Saved categories`}>
            {packs.map((p) => (
              <PackRow key={p.key} pack={p} isOnline={isOnline} />
            ))}
          </List>
        )}
      </Container>
    </>
  );
}
