import { useLingui } from "@lingui/react/macro";
import { CompactSelect } from "@/components/form/compact-select";
import { currencySymbol, isCurrencyCode, type CurrencyCode } from "@/api/contract/money";
import { useCurrency } from "@/i18n/currency";
import { useLocale } from "@/i18n/i18n";

/** The display-currency choice: USD, EUR, GBP and INR on desktop; USD, EUR, GBP on mobile. */
export function CurrencySelect({ id, codes }: { id: string; codes: readonly CurrencyCode[] }) {
  const { t } = useLingui();
  const { code, setCurrency } = useCurrency();
  const locale = useLocale();
  // The current currency stays visible even where it is not offered (INR on mobile), but cannot be picked there.
  const current = codes.includes(code) ? null : code;
  return (
    <CompactSelect
      id={id}
      label={t`Currency`}
      value={code}
      onChange={(v) => {
        if (isCurrencyCode(v)) setCurrency(v);
      }}
    >
      {current && (
        <option value={current} disabled>
          {`${current} ${currencySymbol(current, locale)}`}
        </option>
      )}
      {codes.map((c) => (
        <option key={c} value={c}>
          {`${c} ${currencySymbol(c, locale)}`}
        </option>
      ))}
    </CompactSelect>
  );
}
