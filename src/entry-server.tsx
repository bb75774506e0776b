/*
 * The server renderer (decision record: docs/decisions/019-the-first-page-is-rendered-by-the-server-and-hydrated.md):
 * renders the first page a shopper opens to HTML, with the catalogue data it shows, so the browser paints it
 * before any script has run and then hydrates it.
 * Built by `vite build --ssr` into `<dist>-ssr/entry-server.js`; the reference server loads it.
 * Only public catalogue data is rendered: no cookie or token reaches it, and personal queries stay out.
 */
import "@/api/contract/zod-setup";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createMemoryHistory } from "@tanstack/react-router";
import { setApiTransport } from "@/api/client";
import { AppProviders, createAppServices } from "@/app/providers";
import { serverStyles } from "@/components/mui/server-styles";
import { ServerRenderContext } from "@/render/server-render";
import { serverHandoffBlock } from "@/render/handoff";
import { handedOverQueries, isComplete, settled, splitResourceHints } from "@/render/server-page";
import { setServerPurifier } from "@/utils/sanitize-html";
import { setupI18n, type Messages } from "@lingui/core";
import { i18n } from "@/i18n/i18n";
import { DEFAULT_LOCALE, normaliseLocale, type Locale } from "@/i18n/locale";
import { DEFAULT_PAGE_META } from "@/hooks/use-page-meta";
import { BASE_CURRENCY, isCurrencyCode } from "@/api/contract/money";
import { currencyQueries } from "@/api/currency";
import { ratesIn } from "@/i18n/currency";

export interface RenderedPage {
  /** the route declares the page personal (`staticData.personal`): only its frame was rendered */
  personal?: boolean;
  /** the markup of #root */
  html: string;
  /** resource hints for the document's head */
  head: string;
  /** the data block (query cache and language) to put after #root */
  handoff: string;
  status: number;
  /** the language the page is rendered in (`<html lang>`) */
  locale?: string;
  /** the document's title and meta description, in that language */
  title?: string;
  description?: string;
  /**
   * false when the page lacks some of its data for a passing reason (see `isComplete`): it is answered, but
   * no cache keeps it
   */
  complete: boolean;
}

/** How long the renderer waits for the data the route's loaders started. */
const DATA_WAIT_MS = 3000;

/**
 * Every catalogue of every language (`first` and `pages`, decision 059), merged per language in the renderer's
 * bundle: a page is rendered in the shopper's language at once, with all its messages.
 */
const CATALOGUES: Record<Locale, Messages> = { en: {}, fr: {}, de: {} };
for (const [file, { messages }] of Object.entries(
  import.meta.glob<{ messages: Messages }>("./i18n/locales/*/*.po", { eager: true }),
)) {
  const locale = normaliseLocale(/locales\/([^/]+)\//.exec(file)?.[1]);
  if (locale) Object.assign(CATALOGUES[locale], messages);
}
const en = CATALOGUES.en;

/**
 * DOMPurify over jsdom (kept out of this bundle: `vite.config.ts`), with the browser's configuration: content
 * pages, blog posts and descriptions are in the server's HTML, sanitised as the browser would.
 */
let purifierReady: Promise<void> | null = null;
async function loadServerPurifier(): Promise<void> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
  setServerPurifier(createDOMPurify(new JSDOM("").window));
}

/**
 * Called once by the server: API calls are answered in-process. Each render has an i18n instance of its own
 * (`renderPage`); the shared one stays in English and no render changes it, so two renders in different
 * languages at the same time never see each other's.
 */
export function configureRenderer(transport: (url: string, init: RequestInit) => Promise<Response>): void {
  setApiTransport(transport);
  i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: en });
  purifierReady = loadServerPurifier();
}

/**
 * Called once by the server at start-up, before it says it is ready (/readyz): one render of the home page,
 * thrown away, so the first shopper's render does not pay for loading the purifier (jsdom), the routes and
 * React's renderer. Its result goes into no page cache.
 */
export async function warmUp(): Promise<void> {
  await renderPage("/", "http://localhost");
}

/**
 * Renders one address (path and query string) to HTML in `language` (en, fr or de; anything else is English)
 * with prices in `currency` (one of ours; anything else is the base currency); `origin` is the request's, for
 * absolute links.
 */
export async function renderPage(
  url: string,
  origin: string,
  language?: string,
  currency?: string,
): Promise<RenderedPage> {
  await purifierReady;
  const locale = normaliseLocale(language) ?? DEFAULT_LOCALE;
  const currencyCode = isCurrencyCode(currency) ? currency : BASE_CURRENCY;
  const pageI18n = setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] } });
  const services = createAppServices(createMemoryHistory({ initialEntries: [url] }), pageI18n);
  const { queryClient, router } = services;
  const pathname = url.split(/[?#]/)[0] ?? "/";
  // The route's own declaration (personalPage() in src/offline/shared/personal-requests.ts, the table the service
  // worker reads too): a personal page is rendered as its frame, the page itself by the browser.
  const personal = router.matchRoutes(pathname, {}).find((m) => m.staticData?.personal);
  const frame = personal ? { title: personal.staticData.title } : undefined;
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  try {
    // The rates go to the browser with the page, in every currency: prices in another currency than the
    // catalogue's need them, and the header's free-delivery amount (USD 200) needs them in rupees too, which
    // the browser would otherwise fetch (and re-render the header with) while it hydrates.
    const rates = queryClient.prefetchQuery(currencyQueries.rates());
    await router.load();
    await rates;
    await settled(queryClient, DATA_WAIT_MS);
    let status = 200;
    let title: string | undefined;
    let description: string | undefined;
    const setMeta = (t: string | undefined, d: string | undefined) => {
      title ??= t;
      description ??= d;
    };
    const styles = serverStyles();
    const { prelude } = await prerender(
      <StrictMode>
        <ServerRenderContext
          value={{ origin, setStatus: (code) => (status = code), setMeta, currency: currencyCode, frame }}
        >
          {styles.wrap(<AppProviders services={services} />)}
        </ServerRenderContext>
      </StrictMode>,
      // One complete document: no boundary is outlined into a later segment with an inline script
      // (which the CSP would block, and which static HTML does not need).
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const { hints, html } = splitResourceHints(await new Response(prelude).text());
    return {
      personal: personal !== undefined,
      html,
      head: styles.sheet() + hints,
      handoff: serverHandoffBlock({
        locale,
        queries: handedOverQueries(queryClient),
        currency: currencyCode,
        rates: ratesIn(queryClient),
        frame: frame !== undefined,
      }),
      status: router.state.matches.some((m) => m.status === "notFound") ? 404 : status,
      complete: isComplete(queryClient, router.state.matches),
      locale,
      title: title ?? pageI18n._(DEFAULT_PAGE_META.title),
      description: description ?? pageI18n._(DEFAULT_PAGE_META.description),
    };
  } finally {
    queryClient.clear();
  }
}
