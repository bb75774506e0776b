// Starts the reference server (serving dist/ and /api) on a free 127.0.0.1 port for a benchmark,
// and checks that what answers is our shop before anything is measured.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";

export { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export async function startShop({ databaseFile = "data/bench.sqlite", distDir = "dist", env = {} } = {}) {
  if (!existsSync(`${distDir}/index.html`))
    throw new Error(`${distDir}/ is missing: run \`npx vite build\` first`);
  mkdirSync("data", { recursive: true });
  const port = await freePort();
  const child = spawn("node_modules/.bin/tsx", ["server/index.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_FILE: databaseFile,
      DIST_DIR: distDir,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${origin}/`);
      const html = await res.text();
      if (res.ok && html.includes('<div id="root">') && html.includes("Velora")) {
        return { origin, port, stop: () => child.kill("SIGTERM") };
      }
      throw new Error(`the page served at ${origin}/ is not the shop`);
    } catch (e) {
      if (e instanceof Error && e.message.includes("not the shop")) {
        child.kill("SIGTERM");
        throw e;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start");
}
