import type { ReactNode } from "react";
import "./compact-select.css";

/**
 * A labelled native <select> for the language and currency choices (header and mobile menu). Native on
 * purpose: it is accessible, works with the phone's own picker, and needs no MUI on the first visit.
 */
export function CompactSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="compact-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="compact-select__select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
