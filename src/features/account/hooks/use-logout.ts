import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { readToken, writeAuth, writePendingMobile } from "@/api/auth-storage";
import { revokeOrQueue } from "../revoke-queue";
import { clearLastReceipt } from "../store";

/**
 * Logout: the token is revoked on the server now, or when the connection is back (revoke-queue.ts, also
 * after an offline log-out: N20); on the device `auth` is cleared
 * and every personal query and queued personal write is dropped (the persister then rewrites IndexedDB
 * without them, also offline).
 */
export function useLogout() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return async function logout() {
    const token = readToken();
    if (token) await revokeOrQueue(token);
    writeAuth(null);
    writePendingMobile(null);
    clearLastReceipt();
    const mutationCache = queryClient.getMutationCache();
    mutationCache
      .getAll()
      .filter((m) => m.meta?.personal && m.state.status !== "success" && m.state.status !== "error")
      .forEach((m) => mutationCache.remove(m));
    const isPersonal = { predicate: (q: { meta?: { personal?: boolean } }) => q.meta?.personal === true };
    queryClient.removeQueries({ ...isPersonal, type: "inactive" });
    await queryClient.resetQueries(isPersonal).catch(() => undefined);
    toast(t`You are logged out.`, { variant: "info" });
    await navigate({ to: "/" });
  };
}
