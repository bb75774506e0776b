import type { BrowserContext } from "@playwright/test";

/**
 * `context.setOffline()` cuts the network of every page (Chrome DevTools Protocol network emulation), but
 * Debian's Chromium 150 reports `navigator.onLine === true` in every document loaded after the cut (a reload,
 * a new tab, a navigation served by the service worker) — observed here: `false` before a reload, `true`
 * after it and in a new tab, while every request still fails. A shopper's offline device says `false`, and
 * the storefront reads it. This makes the emulation whole again: `setOffline` also sets a cookie that a
 * script run at the start of every document reads, so `navigator.onLine` is `false` there too. The network
 * itself is still cut by the browser; documents already open keep Chromium's own value, and every open
 * document hears the `online`/`offline` event.
 */
const ONLINE_SHIM = `(() => {
  const real = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
  if (!real || !real.get) return;
  Object.defineProperty(Navigator.prototype, "onLine", {
    configurable: true,
    get() {
      return /(?:^|; )e2e_offline=1(?:;|$)/.test(document.cookie) ? false : real.get.call(this);
    },
  });
})();`;

const installed = new WeakSet<BrowserContext>();

export async function emulateNetwork(context: BrowserContext, origin: string): Promise<void> {
  if (installed.has(context)) return;
  installed.add(context);
  await context.addInitScript(ONLINE_SHIM);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    await context.addCookies([{ name: "e2e_offline", value: offline ? "1" : "0", url: origin }]);
    await setOffline(offline);
    // A document loaded during the cut believed itself online (Chromium's value there): it hears no event of
    // its own when the connection changes, so each open document is told, as a device's browser tells it.
    // Not awaited: a test may go offline inside a route handler and must answer the route at once.
    for (const page of context.pages())
      void page
        .evaluate((off) => window.dispatchEvent(new Event(off ? "offline" : "online")), offline)
        .catch(() => {});
  };
}
