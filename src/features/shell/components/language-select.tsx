import TextField from "@mui/material/TextField";
import { useLingui } from "@lingui/react/macro";
import { activateLocale, useLocale } from "@/i18n/i18n";
import { LOCALE_NAMES, LOCALES, normaliseLocale } from "@/i18n/locale";

export function LanguageSelect({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <TextField
      id={id}
      select
      size="small"
      variant="standard"
      label={t`Language`}
      value={locale}
      onChange={(e) => {
        const next = normaliseLocale(e.target.value);
        if (next) void activateLocale(next);
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 100 }}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </TextField>
  );
}

