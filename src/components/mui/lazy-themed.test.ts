import { describe, expect, it, vi } from "vitest";

// The theme's chunk dropped, as Firefox and WebKit drop a pending import while the page is being left.
vi.mock("./mui-theme", () => {
  throw new Error("Importing a module script failed.");
});

describe("preloadTheme", () => {
  it("lets a dropped preload go quietly: no unhandled rejection (the page's own use imports it again)", async () => {
    const rejections: unknown[] = [];
    const keep = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", keep);
    try {
      const { preloadTheme } = await import("./lazy-themed");
      preloadTheme();
      await new Promise((settled) => setTimeout(settled, 50));
    } finally {
      process.off("unhandledRejection", keep);
    }
    expect(rejections).toEqual([]);
  });
});
