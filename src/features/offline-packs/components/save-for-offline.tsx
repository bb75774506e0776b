import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import type { ProductListParams } from "@/api/catalog";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { RouterLink } from "@/components/router-links";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { ALL_PACK_KEY } from "@/offline/pack-rules";
import { useSavedPacks } from "../hooks/use-saved-packs";
import { formatSavedAt } from "../utils/format-saved-at";

// The dialog and the saving code load when the shopper asks for them, not with the page.
const SavePackFlow = lazy(() => import("./save-pack-flow").then((m) => ({ default: m.SavePackFlow })));

export interface SaveForOfflineProps {
  /** the category's slug; none: the whole catalogue */
  slug?: string;
  /** further product lists the saved pages ask for (e.g. the product page's related products) */
  extraLists?: ProductListParams[];
}

/**
 * The category's (or the whole catalogue's) "Save for offline" button; once saved, when it was, and offline the
 * "as of" date of the saved prices and stock.
 */
export function SaveForOffline({ slug, extraLists }: SaveForOfflineProps) {
  const { t, i18n } = useLingui();
  const isOnline = useOnlineStatus();
  const [open, setOpen] = useState(false);
  const categories = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
  const category = slug ? categories.data?.find((c) => c.slug === slug) : undefined;
  const key = slug ?? ALL_PACK_KEY;
  const saved = useSavedPacks()?.find((p) => p.key === key);
  const date = saved ? formatSavedAt(saved.savedAt, i18n.locale) : "";
  if (!isOnline && !saved) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", my: 1 }}>
      {isOnline && (
        <Button variant="outlined" size="small" onClick={() => setOpen(true)} disabled={open}>
          {t`Save for offline`}
        </Button>
      )}
      {saved && (
        <Typography variant="caption" color="text.secondary" role="note" data-testid="pack-saved-note">
          {isOnline ? (
            <RouterLink to="/saved-offline" color="inherit">{t`Saved for offline on ${date}`}</RouterLink>
          ) : (
            t`Saved for offline: prices and stock as of ${date}`
          )}
        </Typography>
      )}
      {open && (
        <Suspense fallback={null}>
          <SavePackFlow
            scope={{ key, name: category?.name ?? "", categoryId: category?.id ?? null }}
            title={slug ? (category?.name ?? "") : t`All bicycles`}
            extraLists={extraLists}
            onDone={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
