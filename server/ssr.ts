/*
 * Server rendering of the storefront's pages (decision record:
 * docs/decisions/019-the-first-page-is-rendered-by-the-server-and-hydrated.md). The renderer is the storefront's own
 * code, built by `vite build --ssr` next to the client build (`<dist>-ssr/entry-server.js`). It answers its
 * API calls in-process through the app, without the shopper's cookies or token, so it only ever renders
 * public catalogue data. A page it cannot render in time is served as the plain client shell.
 */
import { AsyncResource } from "node:async_hooks";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "./lib/log";
import { escapeHtml } from "./lib/html";

export interface RenderedPage {
  /** the route declares the page personal: nothing was rendered (see `staticData.personal`) */
  personal?: boolean;
  html: string;
  head: string;
  handoff: string;
  status: number;
  /** the language it is rendered in, the document's title and meta description in it */
  locale?: string;
  title?: string;
  description?: string;
  /** false: rendered without some of its data for a passing reason (a slow or failing API), so never kept */
  complete?: boolean;
  /** the page's one address for search engines (`<link rel="canonical">`, `og:url`); set by the server */
  canonical?: string;
  /** a page search engines should not index (a template variant of another page); set by the server */
  noindex?: boolean;
  /** the same page in each language (`hreflang`, its address); set by the server */
  alternates?: [string, string][];
}

/**
 * Renders `url` in `language` (en, fr or de: the shopper's `lang` cookie or Accept-Language), prices in
 * `currency` (their `currency` cookie).
 */
export type PageRenderer = (
  url: string,
  origin: string,
  language?: string,
  currency?: string,
) => Promise<RenderedPage | null>;

/** A renderer that warms up before it says it is ready: `warmedUp` resolves once every thread is warm. */
export type ServerRenderer = PageRenderer & { warmedUp: Promise<void> };

interface RendererModule {
  configureRenderer(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(url: string, origin: string, language?: string, currency?: string): Promise<RenderedPage>;
  /** loads what the first render needs (one render thrown away); optional, a renderer without it is used cold */
  warmUp?(): Promise<void>;
}

/** The most a render may take before the shell is served instead. */
const RENDER_TIMEOUT_MS = 4000;

/**
 * The request id of the warm-up render's API calls: on their log lines, so they are not taken for a
 * shopper's requests.
 */
export const WARM_UP_REQUEST_ID = "render-warm-up";

/** A warm-up that has not finished by then (a thread that hangs) no longer holds readiness back. */
const WARM_UP_LIMIT_MS = 60_000;

export function ssrEntryFor(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, "")}-ssr/entry-server.js`;
}

/**
 * A renderer over the built entry, or null when there is none. `api` answers the renderer's API calls
 * (the app's own fetch).
 */
export function createPageRenderer(
  entryFile: string,
  api: (request: Request) => Response | Promise<Response>,
  log?: Logger,
  opts: { threads?: number } = {},
): ServerRenderer | null {
  if (!existsSync(entryFile)) return null;
  // The renderer's API calls: answered by the app, without the shopper's cookie or token. The warm-up's
  // carry a request id of their own.
  const answer: Answer = (url, init, warmUp) => {
    const headers = new Headers(init.headers);
    headers.delete("authorization");
    headers.delete("cookie");
    if (warmUp) headers.set("x-request-id", WARM_UP_REQUEST_ID);
    return Promise.resolve(
      api(new Request(new URL(url, "http://127.0.0.1"), { ...init, headers, credentials: "omit" })),
    );
  };
  const threads = opts.threads ?? defaultRenderThreads();
  if (threads > 0) return renderPool(entryFile, answer, threads, log);
  // On the main thread: loaded and warmed at once; a render waits for the warm-up (so only its API calls
  // are the warm-up's).
  let warming = false;
  const module: Promise<RendererModule | null> = import(pathToFileURL(entryFile).href).then(
    async (m: RendererModule) => {
      m.configureRenderer((url, init) => answer(url, init, warming));
      if (m.warmUp) {
        warming = true;
        await m
          .warmUp()
          .catch((error: unknown) => log?.warn("server renderer warm-up failed", { error: String(error) }))
          .finally(() => (warming = false));
      }
      return m;
    },
    (error: unknown) => {
      log?.error("server renderer failed to load", { error: String(error) });
      return null;
    },
  );
  const render: PageRenderer = async (url, origin, language, currency) => {
    const m = await module;
    if (!m) return null;
    return withTimeout(m.renderPage(url, origin, language, currency), RENDER_TIMEOUT_MS).catch(
      (error: unknown) => {
        log?.warn("server render failed", { url, error: String(error) });
        return null;
      },
    );
  };
  return Object.assign(render, {
    warmedUp: withLimit(
      module.then(() => undefined),
      log,
    ),
  });
}

type Answer = (url: string, init: RequestInit, warmUp: boolean) => Promise<Response>;

/** `warm`, or WARM_UP_LIMIT_MS, whichever comes first (logged). */
function withLimit(warm: Promise<void>, log?: Logger): Promise<void> {
  return withTimeout(
    warm.then(() => true),
    WARM_UP_LIMIT_MS,
  ).then((done) => {
    if (!done)
      log?.warn("server renderer still warming up: ready without it", { after_ms: WARM_UP_LIMIT_MS });
  });
}

/**
 * RENDER_NICE: the render threads' scheduling priority (Linux nice value, 0–19; default 10). A page render is
 * background work beside the API: when both want the cores, the API's replies go first (issue 14: the API's
 * p99 while pages render), and a render that waits too long is answered with the shell, as when the pool is
 * full. 0 leaves the threads at the server's priority.
 */
export function renderNice(): number {
  const fromEnv = Number(process.env.RENDER_NICE ?? 10);
  return Number.isFinite(fromEnv) ? Math.max(0, Math.min(19, Math.round(fromEnv))) : 10;
}

/** RENDER_THREADS: one thread per core but one, at most two; 0 renders on the main thread. */
export function defaultRenderThreads(): number {
  const fromEnv = process.env.RENDER_THREADS;
  if (fromEnv !== undefined && fromEnv !== "") return Math.max(0, Number(fromEnv) || 0);
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

interface Job {
  id: number;
  url: string;
  origin: string;
  language: string | undefined;
  currency: string | undefined;
  resolve: (page: RenderedPage | null) => void;
  /**
   * The async context of the request that asked for the page: its API calls are answered in it, as a render
   * on the main thread's are (so what they read counts as the page's, see `PageSource.collect`).
   */
  context: AsyncResource;
}

/**
 * Renders pages in worker threads, so a render never holds up the API's event loop (issue 14). Each thread
 * takes one page at a time; a few more wait; beyond that, and past the render timeout, the shopper gets the
 * plain shell at once (a flood of unique addresses cannot pile up renders: security review L9).
 */
function renderPool(entryFile: string, answer: Answer, threads: number, log?: Logger): ServerRenderer {
  const maxWaiting = threads * 8;
  const waiting: Job[] = [];
  // A thread renders one page at a time: its job, found from the thread's own messages.
  const running = new Map<Worker, Job>();
  const idle: Worker[] = [];
  let nextId = 0;
  // The first threads: each loads the renderer and warms it up before it says "ready" (one that fails to
  // load counts too: the instance then serves the shell, as before).
  const cold = new Set<Worker>();
  let warm: () => void = () => {};
  const allWarm = new Promise<void>((resolve) => (warm = resolve));
  const warmed = (worker: Worker) => {
    if (cold.delete(worker) && cold.size === 0) warm();
  };

  const dispatch = () => {
    while (idle.length && waiting.length) {
      const worker = idle.pop()!;
      const job = waiting.shift()!;
      running.set(worker, job);
      worker.postMessage({
        type: "render",
        id: job.id,
        url: job.url,
        origin: job.origin,
        language: job.language,
        currency: job.currency,
      });
    }
  };

  const spawn = () => {
    const worker = new Worker(new URL("./render-worker.mjs", import.meta.url), {
      workerData: { entryUrl: pathToFileURL(entryFile).href, nice: renderNice() },
    });
    worker.unref();
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "ready") {
        warmed(worker);
        idle.push(worker);
        dispatch();
      } else if (message.type === "warm-up failed") {
        log?.warn("server renderer warm-up failed", { error: message.error });
      } else if (message.type === "fetch") {
        // A call that is not the warm-up's is the thread's running job's.
        const context = running.get(worker)?.context;
        const ask = () =>
          answer(
            message.url,
            { method: message.method, headers: message.headers, body: message.body ?? undefined },
            message.warmUp === true,
          );
        (context && message.warmUp !== true ? context.runInAsyncScope(ask) : ask())
          .then(async (res) => {
            const body = await res.arrayBuffer();
            worker.postMessage(
              {
                type: "reply",
                id: message.id,
                status: res.status,
                headers: [...res.headers.entries()],
                body,
              },
              [body],
            );
          })
          .catch((error: unknown) =>
            worker.postMessage({ type: "reply", id: message.id, error: String(error) }),
          );
      } else if (message.type === "rendered") {
        const job = running.get(worker);
        if (job?.id !== message.id) return;
        running.delete(worker);
        if (message.error) log?.warn("server render failed", { url: job.url, error: message.error });
        job.resolve(message.error ? null : (message.page ?? null));
        idle.push(worker);
        dispatch();
      }
    });
    worker.on("error", (error) => log?.error("render thread failed", { error: String(error) }));
    worker.on("exit", () => {
      warmed(worker);
      // A thread that died: its page gets the shell, and a new thread takes its place.
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
      running.get(worker)?.resolve(null);
      running.delete(worker);
      if (!closed) setTimeout(spawn, 1000).unref();
    });
    return worker;
  };
  let closed = false;
  for (let i = 0; i < threads; i++) cold.add(spawn());
  process.once("exit", () => {
    closed = true;
  });

  const render: PageRenderer = (url, origin, language, currency) => {
    if (waiting.length >= maxWaiting) return Promise.resolve(null);
    const job: Job = {
      id: ++nextId,
      url,
      origin,
      language,
      currency,
      resolve: () => {},
      context: new AsyncResource("page-render"),
    };
    const page = new Promise<RenderedPage | null>((resolve) => {
      job.resolve = resolve;
      waiting.push(job);
      dispatch();
    });
    return withTimeout(page, RENDER_TIMEOUT_MS).then((result) => {
      // Timed out before a thread took it: no thread renders it any more.
      const i = waiting.indexOf(job);
      if (i >= 0) waiting.splice(i, 1);
      return result;
    });
  };
  return Object.assign(render, { warmedUp: withLimit(allWarm, log) });
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "warm-up failed"; error: string }
  | {
      type: "fetch";
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      body: string | null;
      warmUp?: boolean;
    }
  | { type: "rendered"; id: number; page?: RenderedPage; error?: string };

/**
 * The shell's own script and modulepreload tags, fetched at low priority. A rendered page is painted
 * before any of them runs: like deferred scripts, they download after what the page shows (the images).
 */
function deferShellScripts(head: string): string {
  return head.replace(
    /<(script type="module"|link rel="modulepreload")((?: crossorigin)?)(?![^>]*\bfetchpriority)/g,
    '<$1$2 fetchpriority="low"',
  );
}

/** The shell's `<html lang>`, `<title>` and meta description, set to the rendered page's. */
function localiseHead(head: string, page: RenderedPage): string {
  let out = head;
  if (page.locale && /^[a-z]{2}$/.test(page.locale))
    out = out.replace(/<html(\s[^>]*)?>/, (tag) =>
      /\slang="[^"]*"/.test(tag)
        ? tag.replace(/\slang="[^"]*"/, ` lang="${page.locale}"`)
        : tag.replace("<html", `<html lang="${page.locale}"`),
    );
  if (page.title !== undefined) {
    const title = page.title;
    out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  }
  if (page.description !== undefined) {
    const description = page.description;
    out = out.replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, open: string, close: string) => `${open}${escapeHtml(description)}${close}`,
    );
  }
  return out;
}

/**
 * What search engines and link previews read of a page: its canonical address, whether to index it, and the
 * OpenGraph title, description, address and site name (the shell's `<title>` and description are the
 * page's already, `localiseHead`).
 */
function searchTags(page: RenderedPage): string {
  // Only a public page has an address for search engines (a personal page's frame has none).
  if (!page.canonical) return "";
  const tags = [`<link rel="canonical" href="${escapeHtml(page.canonical)}">`];
  if (page.noindex) tags.push('<meta name="robots" content="noindex">');
  for (const [lang, href] of page.alternates ?? [])
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(href)}">`);
  const og: [string, string | undefined][] = [
    ["og:type", "website"],
    ["og:site_name", "Velora Bicycles"],
    ["og:title", page.title],
    ["og:description", page.description],
    ["og:url", page.canonical],
    ["og:locale", page.locale],
  ];
  for (const [property, content] of og)
    if (content) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  return tags.join("");
}

/** The shell with the rendered page in #root and the data handoff after it. */
export function injectPage(shell: string, page: RenderedPage): string | null {
  const open = '<div id="root">';
  const start = shell.indexOf(open);
  const headEnd = shell.indexOf("</head>");
  if (start < 0 || headEnd < 0 || headEnd > start) return null;
  const end = shell.indexOf("</body>", start);
  if (end < 0) return null;
  return (
    deferShellScripts(localiseHead(shell.slice(0, headEnd), page)) +
    searchTags(page) +
    page.head +
    shell.slice(headEnd, start) +
    `${open}${page.html}</div>\n    ${page.handoff}\n  ` +
    shell.slice(end)
  );
}
