// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByRole("main").textContent).toBe("The shop");
    expect(attempts.count).toBe(1);
    await act(async () => {
      toast("Removed From Compare", { variant: "error" });
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByRole("main").textContent).toBe("The shop");
    expect(attempts.count).toBe(2);
    errors.mockRestore();
  });
});
