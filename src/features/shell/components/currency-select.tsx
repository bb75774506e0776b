import { useLingui } from "@lingui/react/macro";
import { CompactSelect } from "@/components/form/compact-select";
import { useCurrency } from "@/i18n/currency";
import { CURRENCY_SYMBOLS, isCurrencyCode, type CurrencyCode } from "@/i18n/format";

/** The display-currency choice: USD, EUR, GBP and INR on desktop; USD, EUR, GBP on mobile. */
export function CurrencySelect({ id, codes }: { id: string; codes: readonly CurrencyCode[] }) {
  const { t } = useLingui();
  const { code, setCurrency } = useCurrency();
  const options = codes.includes(code) ? codes : [code, ...codes];
  return (
    <CompactSelect
      id={id}
      label={t`Currency`}
      value={code}
      onChange={(v) => {
        if (isCurrencyCode(v)) setCurrency(v);
      }}
    >
      {options.map((c) => (
        <option key={c} value={c}>
          {`${c} ${CURRENCY_SYMBOLS[c]}`}
        </option>
      ))}
    </CompactSelect>
  );
}
