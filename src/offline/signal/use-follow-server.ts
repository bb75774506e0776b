import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useReducer } from "react";
import { serverReadState, watchWriteNotes, type WriteKind } from "./server-freshness";

/**
 * How long after a read that missed a settled write the server is read again, when nothing else reads it
 * first (the outbox reloads 500 ms after its own writes settle, SPEC §4; that read makes this one moot).
 */
const READ_AGAIN_AFTER = 1000;

/**
 * DESIGN §3, "when no write is pending, the server's answer is the truth", for the cart and the wishlist
 * alike. Once `ready` (the read succeeded, this tab has no write of `kind` pending, the device holds this
 * owner's copy), `apply` puts the server's answer on the device, but only when the read behind it
 * (`startedAt`) holds every write made so far (server-freshness.ts). A read that may miss a write is not
 * applied, which would put an older copy back; never reading again would leave the device unreconciled (a
 * refused cart line kept, a wishlist intent another tab sent missing). So:
 * - a write settled after the read started (in a replay, another tab or the service worker): read again once;
 * - a write is under way in some tab: wait for its note to change (that tab settles it, or it goes stale when
 *   that tab died), then look again. No polling while it is under way.
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
  const [notes, noteChanged] = useReducer((n: number) => n + 1, 0);
  const { ready, startedAt, updatedAt } = read;
  useEffect(() => (ready ? watchWriteNotes(kind, noteChanged) : undefined), [kind, ready]);
  useEffect(() => {
    if (!ready) return;
    const state = serverReadState(kind, startedAt());
    if (state.current) {
      onCurrent();
      return;
    }
    const timer =
      state.underWayUntil === null
        ? setTimeout(readAgain, READ_AGAIN_AFTER)
        : setTimeout(noteChanged, state.underWayUntil - Date.now());
    return () => clearTimeout(timer);
  }, [kind, ready, startedAt, updatedAt, notes]);
}
