import { describe, expect, it, vi } from "vitest";
import { asPageCode } from "./lazy-page";

describe("asPageCode", () => {
  it("tries a failed import once more, and gives its module when that try succeeds", async () => {
    const importer = vi
      .fn<() => Promise<{ Page: string }>>()
      .mockRejectedValueOnce(new TypeError("error loading dynamically imported module"))
      .mockResolvedValueOnce({ Page: "page" });
    await expect(asPageCode(importer, 1)()).resolves.toEqual({ Page: "page" });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("fails with a message the router does not reload for, the browser's error as its cause, when both tries fail", async () => {
    const second = new TypeError("Failed to fetch dynamically imported module: /assets/page.js");
    const importer = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError("first"))
      .mockRejectedValueOnce(second);
    const error = (await asPageCode(importer, 1)().catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("The page's code could not be loaded.");
    expect(error.cause).toBe(second);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("imports once when the first try succeeds", async () => {
    const importer = vi.fn(() => Promise.resolve({ Page: "page" }));
    await expect(asPageCode(importer, 1)()).resolves.toEqual({ Page: "page" });
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
