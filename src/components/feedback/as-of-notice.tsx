import { useLingui } from "@lingui/react/macro";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { formatDate } from "@/i18n/format";

/**
 * Says that prices and stock come from the device's copy, and from when, while the device is offline.
 * Pass the query's `dataUpdatedAt` (e.g. `useSuspenseQuery(...).dataUpdatedAt`); renders nothing online.
 */
export function AsOfNotice({ updatedAt }: { updatedAt: number }) {
  const { t, i18n } = useLingui();
  const isOnline = useOnlineStatus();
  if (isOnline || !updatedAt) return null;
  const date = formatDate(updatedAt, i18n.locale);
  return (
    <span className="ui-caption ui-muted" role="note" data-testid="as-of-notice">
      {t`Prices and stock as of ${date} (offline)`}
    </span>
  );
}
