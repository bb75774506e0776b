import { afterAll, afterEach, beforeAll } from "vitest";

// DOM test files (happy-dom/jsdom) get msw with unhandled requests as errors; node tests (server) do not.
const isDom = typeof document !== "undefined";

if (isDom) {
  // findBy*/waitFor wait up to 5 s, not 1: a lazily loaded popup or a reply takes longer when the test runs
  // beside the rest of the suite on two shared cores (a wait limit, not a speed assertion).
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5000 });
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
