// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "./toast";
import { ToastHost } from "./toast-host";

describe("toast", () => {
  it("keeps toasts asked for before notistack is loaded and shows them when the host mounts", async () => {
    toast("Added To Cart", { variant: "success" });
    toast("Quantity exceeds to available stock", { variant: "error" });
    expect(screen.queryByText("Added To Cart")).toBeNull();
    const { unmount } = render(<ToastHost />);
    expect((await screen.findByText("Added To Cart")).closest(".notistack-MuiContent")?.className).toContain(
      "notistack-MuiContent-success",
    );
    expect(await screen.findByText("Quantity exceeds to available stock")).toBeTruthy();
    toast("Removed From Compare", { variant: "error" });
    expect(await screen.findByText("Removed From Compare")).toBeTruthy();
    unmount();
  });
});
