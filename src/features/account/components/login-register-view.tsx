import { useLingui } from "@lingui/react/macro";
import type { KeyboardEvent } from "react";
import { LoginForm } from "./login-form";
import { OtpLoginForm } from "./otp-login-form";
import { RegisterForm } from "./register-form";
import "./login-register-view.css";

export type LoginTab = "login" | "register" | "otp";

/** Arrow keys, Home and End move the focus along the tabs (as MUI's Tabs); a click or Enter/Space selects. */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>) {
  const tabs = [...(e.currentTarget.parentElement?.children ?? [])].filter(
    (el): el is HTMLButtonElement => el instanceof HTMLButtonElement,
  );
  const at = tabs.indexOf(e.currentTarget);
  const next =
    e.key === "ArrowRight"
      ? (at + 1) % tabs.length
      : e.key === "ArrowLeft"
        ? (at - 1 + tabs.length) % tabs.length
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? tabs.length - 1
            : null;
  if (next === null) return;
  e.preventDefault();
  tabs[next]?.focus();
}

/** Login, register and mobile-code login, one tab each. */
export function LoginRegisterView({
  tab,
  redirect,
  onTabChange,
}: {
  tab: LoginTab;
  redirect?: string;
  onTabChange: (tab: LoginTab) => void;
}) {
  const { t } = useLingui();
  const tabs: { value: LoginTab; label: string }[] = [
    { value: "login", label: t`Login` },
    { value: "register", label: t`Register` },
    { value: "otp", label: t`Mobile code` },
  ];
  return (
    <div className="ui-container login-register">
      <div className="login-register__paper">
        <div role="tablist" className="login-register__tabs">
          {tabs.map((x) => (
            <button
              key={x.value}
              type="button"
              role="tab"
              className="login-register__tab"
              id={`tab-${x.value}`}
              aria-controls={`panel-${x.value}`}
              aria-selected={x.value === tab}
              tabIndex={x.value === tab ? 0 : -1}
              onClick={() => {
                if (x.value !== tab) onTabChange(x.value);
              }}
              onKeyDown={moveFocus}
            >
              {x.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === "login" && <LoginForm redirect={redirect} />}
          {tab === "register" && <RegisterForm redirect={redirect} />}
          {tab === "otp" && <OtpLoginForm redirect={redirect} />}
        </div>
      </div>
    </div>
  );
}
