import type { ReactNode } from "react";
import { ErrorOutlineIcon, InfoOutlinedIcon, ReportProblemOutlinedIcon, SuccessOutlinedIcon } from "./icons";

const ICONS = {
  success: SuccessOutlinedIcon,
  info: InfoOutlinedIcon,
  warning: ReportProblemOutlinedIcon,
  error: ErrorOutlineIcon,
} as const;

/** MUI's standard Alert as plain elements (`.ui-alert` in ui.css): an icon by severity and the message. */
export function Alert({
  severity,
  role = "alert",
  className,
  children,
}: {
  severity: keyof typeof ICONS;
  /** "alert" (MUI's default) or "status" for a message that must not interrupt */
  role?: "alert" | "status";
  className?: string;
  children: ReactNode;
}) {
  const Icon = ICONS[severity];
  return (
    <div role={role} className={`ui-alert ui-alert--${severity}${className ? ` ${className}` : ""}`}>
      <span className="ui-alert__icon">
        <Icon fontSize="inherit" />
      </span>
      <div className="ui-alert__message">{children}</div>
    </div>
  );
}
