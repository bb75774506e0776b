import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCurrency } from "@/i18n/currency";
import type { OutboxSummary } from "@/offline/outbox/summary";

/** What a replay did: how many changes synced, which ones the shop refused, which prices changed. */
export function SummaryMessage({ summary }: { summary: OutboxSummary }) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const synced = summary.synced;
  return (
    <div
      data-testid="outbox-summary"
      data-synced={synced}
      data-refused={summary.refused.length}
      data-price-changed={summary.priceChanged.length}
    >
      {synced > 0 && (
        <div>
          {plural(synced, {
            one: "# change made offline is now synced.",
            other: "# changes made offline are now synced.",
          })}
        </div>
      )}
      {summary.refused.length > 0 && (
        <>
          <div>{t`Not accepted by the shop:`}</div>
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {summary.refused.map((r, i) => (
              <li key={i} data-testid="outbox-refused">
                {r.label ?? t`A change`}: {r.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.priceChanged.length > 0 && (
        <>
          <div>{t`The price has changed since you added:`}</div>
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {summary.priceChanged.map((c, i) => {
              const name = c.label ?? t`A product`;
              const now = format(c.to);
              const was = format(c.from);
              return (
                <li key={i} data-testid="outbox-price-changed">
                  {t`${name}: now ${now} (was ${was})`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
