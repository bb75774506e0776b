import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Box from "@mui/material/Box";
import { useLingui } from "@lingui/react/macro";
import { LoginForm } from "./login-form";
import { OtpLoginForm } from "./otp-login-form";
import { RegisterForm } from "./register-form";

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
  return (
    <Container maxWidth="sm" sx={{ pb: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Tabs value={tab} onChange={(_, v: LoginTab) => onTabChange(v)} variant="fullWidth" sx={{ mb: 3 }}>
          <Tab value="login" label={t`Login`} id="tab-login" aria-controls="panel-login" />
          <Tab value="register" label={t`Register`} id="tab-register" aria-controls="panel-register" />
          <Tab value="otp" label={t`Mobile code`} id="tab-otp" aria-controls="panel-otp" />
        </Tabs>
        <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === "login" && <LoginForm redirect={redirect} />}
          {tab === "register" && <RegisterForm redirect={redirect} />}
          {tab === "otp" && <OtpLoginForm redirect={redirect} />}
        </Box>
      </Paper>
    </Container>
  );
}
