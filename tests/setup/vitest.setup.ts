import { afterAll, afterEach, beforeAll } from "vitest";

// DOM test files (happy-dom/jsdom) get msw with unhandled requests as errors; node tests (server) do not.
const isDom = typeof document !== "undefined";

if (isDom) {
  const { server } = await import("../msw/server");
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

afterEach(async () => {
  if (isDom) {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
    localStorage.clear();
  }
});
