import { useSyncExternalStore } from "react";
import { GUEST_SESSION, readSession, subscribeSession, type Session } from "./session";

const serverSession = () => GUEST_SESSION;

/**
 * Who is shopping, following login and logout in every tab. The server render (and hydration) sees a guest:
 * the login lives in the browser's localStorage only.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, serverSession);
}
