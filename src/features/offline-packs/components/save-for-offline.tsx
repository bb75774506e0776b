import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Suspense, useState } from "react";
import type { ProductListParams } from "@/api/catalog";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { ALL_PACK_KEY } from "@/offline/shared/pack-rules";
import { useSavedPacks } from "../hooks/use-saved-packs";
import { formatSavedAt } from "../utils/format-saved-at";
import "./save-for-offline.css";
import { useLocale } from "@/i18n/i18n";

// The dialog (MUI, with its theme) and the saving code load when the shopper asks for them, not with the page.
const SavePackFlow = lazyThemed(() => import("./save-pack-flow").then((m) => m.SavePackFlow));

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
  const locale = useLocale();
  const categories = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID, locale));
  const category = slug ? categories.data?.find((c) => c.slug === slug) : undefined;
  const key = slug ?? ALL_PACK_KEY;
  const saved = useSavedPacks()?.find((p) => p.key === key);
  const date = saved ? formatSavedAt(saved.savedAt, i18n.locale) : "";
  if (!isOnline && !saved) return null;
  return (
    <div className="save-for-offline">
      {isOnline && (
        <button
          type="button"
          className="ui-btn ui-btn--outlined ui-btn--small"
          onClick={() => setOpen(true)}
          disabled={open}
        >
          {t`Save for offline`}
        </button>
      )}
      {saved && (
        <span className="ui-caption ui-muted" role="note" data-testid="pack-saved-note">
          {isOnline ? (
            <Link to="/saved-offline" className="ui-link ui-link--inherit">
              {t`Saved for offline on ${date}`}
            </Link>
          ) : (
            t`Saved for offline: prices and stock as of ${date}`
          )}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <SavePackFlow
            scope={{ key, name: category?.name ?? "", categoryId: category?.id ?? null, locale }}
            title={slug ? (category?.name ?? "") : t`All bicycles`}
            extraLists={extraLists}
            onDone={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
