import { useRouter } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { writeAuth, type StoredAuth } from "@/api/auth-storage";

/** SPEC §4 / §9: after a login the shopper goes to my-account, or to the redirect path, 1 s later. */
export const LOGIN_REDIRECT_DELAY = 1000;

/** Stores the auth, shows the two login toasts and redirects after 1 s. */
export function useLoginSuccess(redirect: string | undefined) {
  const { t } = useLingui();
  const router = useRouter();
  return (auth: StoredAuth) => {
    writeAuth(auth);
    toast(t`Logged Successfully!`, { variant: "success" });
    toast(t`You are Logged in successfully!`, { variant: "success" });
    setTimeout(() => {
      if (redirect) router.history.push(redirect);
      else void router.navigate({ to: "/my-account" });
    }, LOGIN_REDIRECT_DELAY);
  };
}
