import { useLingui } from "@lingui/react/macro";
import { CompactSelect } from "@/components/form/compact-select";
import { activateLocale, useLocale } from "@/i18n/i18n";
import { LOCALE_NAMES, LOCALES, normaliseLocale } from "@/i18n/locale";

export function LanguageSelect({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <CompactSelect
      id={id}
      label={t`Language`}
      value={locale}
      onChange={(v) => {
        const next = normaliseLocale(v);
        if (next) void activateLocale(next);
      }}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </CompactSelect>
  );
}
