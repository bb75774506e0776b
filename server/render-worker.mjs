// One thread of the server-render pool (server/ssr.ts): loads the built renderer and renders the pages the
// main thread asks for. The renderer's API calls go back to the main thread, which answers them with the
// app (public data only). Plain JavaScript: a worker thread does not inherit the TypeScript loader of a
// process started with tsx's register().
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

// Lower this thread's priority (RENDER_NICE, server/ssr.ts). On Linux a nice value belongs to a thread, and
// setpriority for "this process" (pid 0) sets the calling thread's; elsewhere it would lower the whole
// server's, so it is left alone there.
if (process.platform === "linux" && workerData.nice > 0) {
  try {
    setPriority(workerData.nice);
  } catch {
    // not permitted here (a sandbox without setpriority): renders at the server's priority
  }
}

const renderer = await import(workerData.entryUrl);
const pending = new Map();
let next = 0;
// The warm-up render's API calls are marked as such (their log lines carry a request id of their own).
let warming = false;

renderer.configureRenderer(
  (url, init = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      parentPort.postMessage({
        type: "fetch",
        id,
        url,
        method: init.method ?? "GET",
        headers: [...new Headers(init.headers).entries()],
        body: typeof init.body === "string" ? init.body : null,
        warmUp: warming,
      });
    }),
);

parentPort.on("message", async (message) => {
  if (message.type === "reply") {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error));
    else {
      const empty = message.status === 204 || message.status === 304;
      waiting.resolve(
        new Response(empty ? null : message.body, { status: message.status, headers: message.headers }),
      );
    }
    return;
  }
  if (message.type === "render") {
    try {
      const page = await renderer.renderPage(message.url, message.origin, message.language, message.currency);
      parentPort.postMessage({ type: "rendered", id: message.id, page });
    } catch (error) {
      parentPort.postMessage({ type: "rendered", id: message.id, error: String(error?.stack ?? error) });
    }
  }
});

// Warm before taking any page (issue 16): the first render loads the purifier, the routes and React's
// renderer, longer than a page may take; the server says it is ready (/readyz) once every thread is warm.
if (typeof renderer.warmUp === "function") {
  warming = true;
  try {
    await renderer.warmUp();
  } catch (error) {
    parentPort.postMessage({ type: "warm-up failed", error: String(error?.stack ?? error) });
  }
  warming = false;
}
parentPort.postMessage({ type: "ready" });
