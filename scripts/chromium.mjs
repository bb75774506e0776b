// Debian's Chromium and its flags on these machines (stack.md): no sandbox as root, and no background
// network. One list for Playwright (playwright.config.ts), the e2e runner and the benchmarks.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
