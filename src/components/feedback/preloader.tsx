import { useLingui } from "@lingui/react/macro";
import "./preloader.css";

/** Shown while a page's code or data loads. */
export function Preloader() {
  const { t } = useLingui();
  return (
    <div className="preloader" role="status" aria-live="polite">
      {/* MUI's CircularProgress (indeterminate, 40 px), drawn with CSS. */}
      <span className="preloader__spinner" role="progressbar" aria-label={t`Loading`}>
        <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
          <circle className="preloader__circle" cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
