/*
 * Server rendering of the storefront's pages (README decision 19). The renderer is the storefront's own
 * code, built by `vite build --ssr` next to the client build (`<dist>-ssr/entry-server.js`). It answers its
 * API calls in-process through the app, without the shopper's cookies or token, so it only ever renders
 * public catalogue data. A page it cannot render in time is served as the plain client shell.
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Logger } from "./lib/log";

export interface RenderedPage {
  /** the route declares the page personal: nothing was rendered (see `staticData.personal`) */
  personal?: boolean;
  html: string;
  head: string;
  handoff: string;
  status: number;
}

export type PageRenderer = (url: string, origin: string) => Promise<RenderedPage | null>;

interface RendererModule {
  configureRenderer(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(url: string, origin: string): Promise<RenderedPage>;
}

/** The most a render may take before the shell is served instead. */
const RENDER_TIMEOUT_MS = 4000;

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
): PageRenderer | null {
  if (!existsSync(entryFile)) return null;
  let module: Promise<RendererModule | null> | null = null;
  const load = () =>
    (module ??= import(pathToFileURL(entryFile).href).then(
      (m: RendererModule) => {
        m.configureRenderer((url, init) => {
          const headers = new Headers(init.headers);
          headers.delete("authorization");
          headers.delete("cookie");
          return Promise.resolve(
            api(new Request(new URL(url, "http://127.0.0.1"), { ...init, headers, credentials: "omit" })),
          );
        });
        return m;
      },
      (error: unknown) => {
        log?.error("server renderer failed to load", { error: String(error) });
        return null;
      },
    ));
  return async (url, origin) => {
    const m = await load();
    if (!m) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        m.renderPage(url, origin),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      log?.warn("server render failed", { url, error: String(error) });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

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

/** The shell with the rendered page in #root and the data handoff after it. */
export function injectPage(shell: string, page: RenderedPage): string | null {
  const open = '<div id="root">';
  const start = shell.indexOf(open);
  const headEnd = shell.indexOf("</head>");
  if (start < 0 || headEnd < 0 || headEnd > start) return null;
  const end = shell.indexOf("</body>", start);
  if (end < 0) return null;
  return (
    deferShellScripts(shell.slice(0, headEnd)) +
    page.head +
    shell.slice(headEnd, start) +
    `${open}${page.html}</div>\n    ${page.handoff}\n  ` +
    shell.slice(end)
  );
}
