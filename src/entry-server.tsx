/*
 * The server renderer (README decision 19): renders the first page a shopper opens to HTML, with the
 * catalogue data it shows, so the browser paints it before any script has run and then hydrates it.
 * Built by `vite build --ssr` into `<dist>-ssr/entry-server.js`; the reference server loads it.
 * Only public catalogue data is rendered: no cookie or token reaches it, and personal queries stay out.
 */
import "@/api/contract/zod-setup";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { dehydrate } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { setApiTransport } from "@/api/client";
import { AppProviders, createAppServices } from "@/app/providers";
import { ServerStatusContext, setServerOrigin, type ServerHandoff } from "@/utils/server-html";
import { i18n } from "@/i18n/i18n";
import { messages } from "@/i18n/locales/en/messages.po";

export interface RenderedPage {
  /** the markup of #root */
  html: string;
  /** resource hints for the document's head */
  head: string;
  /** the handoff JSON, safe to put inside a <script type="application/json"> element */
  handoff: string;
  status: number;
}

/** How long the renderer waits for the data the route's loaders started. */
const DATA_WAIT_MS = 3000;

/** Called once by the server: API calls are answered in-process, pages are rendered in English. */
export function configureRenderer(transport: (url: string, init: RequestInit) => Promise<Response>): void {
  setApiTransport(transport);
  i18n.loadAndActivate({ locale: "en", messages });
}

async function settle(isFetching: () => number): Promise<void> {
  const deadline = Date.now() + DATA_WAIT_MS;
  while (isFetching() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
}

/** Renders one address (path and query string) to HTML; `origin` is the request's, for absolute links. */
export async function renderPage(url: string, origin: string): Promise<RenderedPage> {
  setServerOrigin(origin);
  const services = createAppServices(createMemoryHistory({ initialEntries: [url] }));
  const { queryClient, router } = services;
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  try {
    await router.load();
    await settle(() => queryClient.isFetching());
    let status = 200;
    const { prelude } = await prerender(
      <StrictMode>
        <ServerStatusContext value={(code) => (status = code)}>
          <CacheProvider value={createCache({ key: "css" })}>
            <AppProviders services={services} />
          </CacheProvider>
        </ServerStatusContext>
      </StrictMode>,
      // One complete document: no boundary is outlined into a later segment with an inline script
      // (which the CSP would block, and which static HTML does not need).
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const markup = await new Response(prelude).text();
    // Without a <head> to render into, React puts its resource hints (the preload of the
    // high-priority hero image) before the page; they belong in the document's head.
    const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? "";
    const handoff: ServerHandoff = {
      locale: "en",
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (q) => q.state.status === "success" && !q.meta?.personal,
      }),
    };
    return {
      html: markup.slice(hints.length),
      head: hints,
      // "<" escaped: no product text can close the data block.
      handoff: JSON.stringify(handoff).replace(/</g, "\\u003c"),
      status: router.state.matches.some((m) => m.status === "notFound") ? 404 : status,
    };
  } finally {
    queryClient.clear();
  }
}
