/*
 * What a server render tells the page it renders (the request's origin, the reply's status, the page's title),
 * and whether the page is still the server's HTML being hydrated. Only the server provides the context.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import type { MessageDescriptor } from "@lingui/core";

/** What a server render tells the page it renders (only the server provides it). */
export interface ServerRender {
  /** the request's origin, for absolute links */
  origin: string;
  /** sets the reply's status (404 for a page that does not exist) */
  setStatus: (status: number) => void;
  /** the page's title and meta description (usePageMeta); the first defined value of each is kept */
  setMeta?: (title: string | undefined, description: string | undefined) => void;
  /** the shopper's display currency (their `currency` cookie), else the base currency */
  currency?: string;
  /**
   * A personal page: only its frame is rendered (PersonalFrame, with this heading), the page itself in the
   * browser, which has the shopper's data.
   */
  frame?: { title?: MessageDescriptor };
}

/** One value per render, so concurrent renders never share it. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

/** Makes the server answer this page with `status` (404 for a page that does not exist). */
export function useServerStatus(status: number): void {
  useContext(ServerRenderContext)?.setStatus(status);
}

/** The page's origin: on the server the request's, in the browser the address bar's. */
export function usePageOrigin(): string {
  return useContext(ServerRenderContext)?.origin ?? window.location.origin;
}

const subscribeNothing = () => () => undefined;

/**
 * False on the server and while the browser hydrates, true after. A form the server rendered keeps its
 * submit button disabled until then: a click before the scripts run would submit it natively (a page
 * reload with the shopper's details in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
