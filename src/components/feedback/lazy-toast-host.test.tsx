// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PAGE_CODE_RETRY_MS } from "@/render/lazy-page";
import { LazyToastHost } from "./lazy-toast-host";
import { toast } from "./toast";

// The host's code cannot be loaded (as when Firefox or WebKit drop the imports of a page being left).
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock("./toast-host", () => {
  attempts.count += 1;
  throw new TypeError("Importing a module script failed.");
});

describe("the lazily loaded toast host", () => {
  it("leaves the shop on screen when its code cannot be loaded, and tries again at the next toast", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <>
        <main>The shop</main>
        <LazyToastHost />
      </>,
    );
    await act(async () => {
      toast("Added To Cart", { variant: "success" });
      // The import and its one more try (asPageCode) both fail.
      await new Promise((r) => setTimeout(r, PAGE_CODE_RETRY_MS + 100));
    });
    expect(screen.getByRole("main").textContent).toBe("The shop");
    await act(() => vi.waitFor(() => expect(attempts.count).toBe(2), { timeout: 5000 }));
    await act(async () => {
      toast("Removed From Compare", { variant: "error" });
      await new Promise((r) => setTimeout(r, PAGE_CODE_RETRY_MS + 100));
    });
    expect(screen.getByRole("main").textContent).toBe("The shop");
    await act(() => vi.waitFor(() => expect(attempts.count).toBe(4), { timeout: 5000 }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole("main").textContent).toBe("The shop");
    errors.mockRestore();
  });
});
