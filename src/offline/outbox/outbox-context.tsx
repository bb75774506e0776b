/*
 * The app's outbox, injected (issue 17 item 7): in the browser, the stand-in made with the query client in the
 * entry (main.tsx; deferred-outbox.ts loads the outbox itself on demand), handed down by the app providers. Hooks take it from here; the server's render and component
 * tests have none, and get one that holds nothing: every write is simply sent (nothing to coalesce against,
 * nothing waits, nothing to undo).
 */
import { createContext, useContext } from "react";
import type { Outbox } from "./outbox";

/** What the screens use of the outbox. */
export type OutboxPort = Pick<Outbox, "prepare" | "waiting" | "undo" | "subscribeSummary">;

const NO_OUTBOX: OutboxPort = {
  prepare: () => true,
  waiting: () => [],
  undo: () => Promise.resolve(false),
  subscribeSummary: () => () => undefined,
};

/** The app's outbox; none (undefined) on the server and in component tests. */
export const OutboxContext = createContext<OutboxPort | undefined>(undefined);

/**
 * The app's outbox, or one that holds nothing where there is none (the server render, a component test): the
 * one place that defaults.
 */
export function useOutbox(): OutboxPort {
  return useContext(OutboxContext) ?? NO_OUTBOX;
}
