import { useLingui } from "@lingui/react/macro";
import { LoginForm } from "./login-form";
import { OtpLoginForm } from "./otp-login-form";
import { RegisterForm } from "./register-form";
import { Tabs } from "@/components/ui/tabs";
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
        <Tabs tabs={tabs} selected={tab} onSelect={onTabChange} className="login-register__tabs">
          {tab === "login" && <LoginForm redirect={redirect} />}
          {tab === "register" && <RegisterForm redirect={redirect} />}
          {tab === "otp" && <OtpLoginForm redirect={redirect} />}
        </Tabs>
      </div>
    </div>
  );
}
