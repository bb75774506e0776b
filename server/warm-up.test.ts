// @vitest-environment node
// A fresh instance serves its first pages as fast as later ones (issue 16; issue 14 item 3): each render
// thread loads the renderer and renders one page it throws away before /readyz says ready.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "./lib/log";
import { WARM_UP_REQUEST_ID } from "./ssr";
import type { App } from "./app";
import { makeApp, standInDist } from "./test-utils";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks /readyz until it says ready (a bounded number of times). */
async function untilReady(app: App, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if ((await app.request("/readyz")).status === 200) return;
    await pause(100);
  }
  throw new Error("/readyz never said ready");
}

/**
 * A built storefront whose stand-in renderer's warm-up reads the categories and then waits for the file
 * `go` (written by the test); its renders are counted, and hand their data over.
 */
function distWithGatedRenderer(warmUp: "gated" | "throws"): { dir: string; go: () => void } {
  let gate = "";
  const dir = standInDist((ssrDir) => {
    gate = join(ssrDir, "go");
    return `import { existsSync } from "node:fs";
let renders = 0;
let api;
export function configureRenderer(transport) { api = transport; }
export async function warmUp() {
  await (await api("/api/categories", {})).json();
  ${warmUp === "throws" ? 'throw new Error("no purifier");' : ""}
  while (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 10));
}
export async function renderPage(url) {
  renders++;
  return { html: "<h1>render " + renders + " of " + url + "</h1>", head: "",
    handoff: '<script type="application/json" id="server-state">{}</script>', status: 200 };
}`;
  }, `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>`);
  return { dir, go: () => writeFileSync(gate, "") };
}

describe("a fresh instance warms its server renderer before it is ready", () => {
  it("answers /readyz 503 until every render thread is warm, then renders the first page at once", async () => {
    const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
    const { dir, go } = distWithGatedRenderer("gated");
    const app = await makeApp({
      distDir: dir,
      renderThreads: 2,
      log: createLogger("debug", (line, level) => lines.push({ level, line: JSON.parse(line) })),
    });
    // The warm-up reads the categories (the threads are loaded), then waits for the gate.
    for (let i = 0; i < 600 && lines.filter((l) => l.line.route === "/api/categories").length < 2; i++)
      await pause(50);
    const cold = await app.request("/readyz");
    expect(cold.status).toBe(503);
    expect(await cold.json()).toEqual({ status: "warming up" });
    expect(cold.headers.get("cache-control")).toBe("no-store");
    go();
    await untilReady(app);
    expect(await (await app.request("/readyz")).json()).toEqual({ status: "ready" });
    // The first shopper's page is rendered, with its data handed over; the warm-ups were not counted as
    // renders and left nothing in the page cache.
    const first = await (await app.request("http://shop.test/")).text();
    expect(first).toContain("<h1>render 1 of /</h1>");
    expect(first).toContain('id="server-state"');
    // The warm-ups' API reads are logged under their own request id, not as shoppers' requests.
    const warmUpReads = lines.filter((l) => l.line.route === "/api/categories");
    expect(warmUpReads.map((l) => l.line.request_id)).toEqual([WARM_UP_REQUEST_ID, WARM_UP_REQUEST_ID]);
    // Not ready yet is /readyz's answer, not a server error; the instance says once when it is warm.
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.filter((l) => l.line.msg === "server renderer warm")).toHaveLength(1);
  }, 120_000);

  it("is ready even when a thread's warm-up fails (logged): the renderer is then used cold", async () => {
    const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
    const { dir } = distWithGatedRenderer("throws");
    const app = await makeApp({
      distDir: dir,
      renderThreads: 1,
      log: createLogger("debug", (line, level) => lines.push({ level, line: JSON.parse(line) })),
    });
    await untilReady(app);
    expect(lines.some((l) => l.level === "warn" && l.line.msg === "server renderer warm-up failed")).toBe(
      true,
    );
    expect(await (await app.request("http://shop.test/bikes")).text()).toContain("render 1 of /bikes");
  }, 120_000);

  it("renders in threads below the server's priority (RENDER_NICE, 10 unless set), so API replies go first", async () => {
    const niceOf = () =>
      readdirSync("/proc/self/task").map((tid) => {
        try {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
          // Field 19 (nice), counted after the command name's closing parenthesis.
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        } catch {
          return null; // a thread that ended meanwhile
        }
      });
    // (The render threads of this file's earlier tests' instances are still there.)
    const before = niceOf().filter((n) => n === 10).length;
    const { dir, go } = distWithGatedRenderer("gated");
    go();
    const app = await makeApp({ distDir: dir, renderThreads: 2 });
    await untilReady(app);
    // The two render threads, and no other: the server's own thread (the one running this test) keeps its
    // priority.
    expect(niceOf().filter((n) => n === 10)).toHaveLength(before + 2);
    expect(niceOf()[0]).toBe(0);
  }, 120_000);

  it("is ready at once without a renderer (API only, or no renderer built)", async () => {
    expect((await (await makeApp()).request("/readyz")).status).toBe(200);
    const { dir } = distWithGatedRenderer("gated");
    const noRender = await makeApp({ distDir: dir, serverRender: false });
    expect((await noRender.request("/readyz")).status).toBe(200);
    expect(existsSync(join(`${dir}-ssr`, "go"))).toBe(false);
  });
});

/** The storefront's own renderer (src/entry-server.tsx, through Vitest's transform, on the main thread). */
function distWithStorefrontRenderer(): string {
  const entry = resolve("src/entry-server.tsx");
  return standInDist(
    `export * from ${JSON.stringify(entry)};`,
    `<!doctype html><html lang="en"><head><title>Velora Bicycles</title></head><body><div id="root"><div class="boot"></div></div></body></html>`,
  );
}

describe("the storefront's renderer, warmed", () => {
  // Cold, its first render loads (and Vitest transforms) the whole storefront, longer than the server's
  // render time limit: without the warm-up the first page after ready is the plain shell.
  it("renders the first page asked for after /readyz says ready, with its data handed over", async () => {
    const app = await makeApp({ distDir: distWithStorefrontRenderer(), renderThreads: 0 });
    await untilReady(app, 1800);
    const reply = await app.request("http://shop.test/");
    const html = await reply.text();
    expect(reply.status).toBe(200);
    expect(html).not.toContain('<div class="boot"></div>');
    expect(html).toContain('id="server-state"');
    // The handed-over data holds what the home page shows (the categories).
    expect(html).toContain("Road Bikes");
  }, 240_000);
});
