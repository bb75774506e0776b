import { useLingui } from "@lingui/react/macro";
import { LoginForm } from "./login-form";
import { OtpLoginForm } from "./otp-login-form";
import { RegisterForm } from "./register-form";
import { moveTabFocus } from "@/components/ui/tab-keys";
import "./login-register-view.css";

export type LoginTab = "login" | "register" | "otp";

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
              onKeyDown={(e) => moveTabFocus(e)}
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
