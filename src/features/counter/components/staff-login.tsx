import { useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { ApiError } from "@/api/client";
import { readStaff, staffLogIn } from "@/api/counter";
import { TextField } from "@/components/ui/text-field";
import { Alert } from "@/components/ui/alert";
import { setStaffSession } from "../staff-session";

/** The staff page's log-in: the shop's customer log-in, accepted only for a staff account. */
export function StaffLogin() {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const token = await staffLogIn(String(data.get("email") ?? ""), String(data.get("password") ?? ""));
      const staff = await readStaff(token);
      setStaffSession({ token, name: staff.name });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setError(t`This account is not a staff account.`);
      else if (err instanceof ApiError && err.status === 401) setError(t`Invalid Email or Password`);
      else if (err instanceof ApiError && err.isNetwork) setError(t`The server could not be reached.`);
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="staff-login" onSubmit={(e) => void submit(e)} aria-label={t`Staff log-in`}>
      <h2 className="ui-h3">{t`Staff log-in`}</h2>
      <TextField label={t`Email`} name="email" type="email" autoComplete="username" required />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      {error && <Alert severity="error">{error}</Alert>}
      <button type="submit" className="ui-btn ui-btn--contained" disabled={busy}>
        {t`Log in`}
      </button>
    </form>
  );
}
