import TextField from "@mui/material/TextField";
import { useLingui } from "@lingui/react/macro";
import { useCurrency } from "@/i18n/currency";
import { CURRENCY_SYMBOLS, isCurrencyCode, type CurrencyCode } from "@/i18n/format";

/** The display-currency choice: USD, EUR, GBP and INR on desktop; USD, EUR, GBP on mobile. */
export function CurrencySelect({ id, codes }: { id: string; codes: readonly CurrencyCode[] }) {
  const { t } = useLingui();
  const { code, setCurrency } = useCurrency();
  const options = codes.includes(code) ? codes : [code, ...codes];
  return (
    <TextField
      id={id}
      select
      size="small"
      variant="standard"
      label={t`Currency`}
      value={code}
      onChange={(e) => {
        if (isCurrencyCode(e.target.value)) setCurrency(e.target.value);
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 90 }}
    >
      {options.map((c) => (
        <option key={c} value={c}>
          {`${c} ${CURRENCY_SYMBOLS[c]}`}
        </option>
      ))}
    </TextField>
  );
}
