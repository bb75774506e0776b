import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { serverReadIsCurrent, type WriteKind } from "./server-freshness";

/** How long after a read that may miss a write the server is read again. */
const READ_AGAIN_AFTER = 1000;

/**
 * DESIGN §3, "when no write is pending, the server's answer is the truth", for the cart and the wishlist
 * alike. Once `ready` (the read succeeded, this tab has no write of `kind` pending, the device holds this
 * owner's copy), `apply` puts the server's answer on the device, but only when the read behind it
 * (`startedAt`) holds every write made so far (server-freshness.ts). A read that may miss a write (one
 * under way in some tab, or one that settled, in a replay, another tab or the service worker, after the read
 * started) is not applied, which would put an older copy back, and the server is read again a moment later,
 * until a read holds them all: never reading again would leave the device unreconciled (a refused cart line
 * kept, a wishlist intent another tab sent missing).
 */
export function useFollowServer(
  kind: WriteKind,
  queryKey: QueryKey,
  read: { ready: boolean; startedAt: () => number | null; updatedAt: number },
  apply: () => void,
): void {
  const queryClient = useQueryClient();
  const onCurrent = useEffectEvent(apply);
  const readAgain = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey }));
  const { ready, startedAt, updatedAt } = read;
  useEffect(() => {
    if (!ready) return;
    if (serverReadIsCurrent(kind, startedAt())) {
      onCurrent();
      return;
    }
    const again = setTimeout(readAgain, READ_AGAIN_AFTER);
    return () => clearTimeout(again);
  }, [kind, ready, startedAt, updatedAt]);
}
