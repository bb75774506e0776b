/*
 * The app's outbox, injected (issue 17 item 7): created with the query client in the browser's entry
 * (main.tsx) and handed down by the app providers. Hooks take it from here; the server's render has none, and
 * then every write is simply sent (nothing to coalesce against, nothing waits).
 */
import { createContext, useContext } from "react";
import type { Outbox } from "./outbox";

export const OutboxContext = createContext<Outbox | null>(null);

/** The app's outbox, or null where there is none (the server render, a component test). */
export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}
