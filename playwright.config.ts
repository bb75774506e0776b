import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** the second reference server, in strict-Bagisto mode (BAGISTO_STRICT=1, decision 31) */
const STRICT_PORT = Number(process.env.E2E_STRICT_PORT ?? PORT + 100);

// Runs against the production build (dist/, built by scripts/e2e.mjs) served with /api by the reference
// server on a fresh seeded database. Debian's Chromium only; no browser is downloaded. Each server is waited for
// on /readyz (database and migrations, and every render thread warm): the first spec never meets a cold renderer.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  webServer: [
    {
      command: "node scripts/serve-test.mjs",
      url: `http://127.0.0.1:${PORT}/readyz`,
      env: { PORT: String(PORT), HOST: "127.0.0.1" },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Answers as a stock Bagisto 1.3.3 does.
      command: "node scripts/serve-test.mjs",
      url: `http://127.0.0.1:${STRICT_PORT}/readyz`,
      env: { PORT: String(STRICT_PORT), HOST: "127.0.0.1", BAGISTO_STRICT: "1" },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: "block",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: /offline.*\.spec\.ts/ },
    { name: "offline", testMatch: /offline.*\.spec\.ts/, use: { serviceWorkers: "allow" } },
    {
      // The browse → product with variants → cart → checkout → receipt and the wishlist journeys against the
      // reference server in strict-Bagisto mode (issue 17 item 3): the tests tagged @strict, wherever they are.
      name: "strict",
      testIgnore: /offline.*\.spec\.ts/,
      grep: /@strict/,
      use: { baseURL: `http://127.0.0.1:${STRICT_PORT}/` },
    },
  ],
});
