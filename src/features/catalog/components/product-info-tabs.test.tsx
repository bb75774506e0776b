// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../../tests/utils/render";
import { ProductInfoTabs } from "./product-info-tabs";

const tabs = [
  { label: "Description", content: <p>A bicycle for rooty singletrack.</p> },
  { label: "Additional information", content: <p>Frame: carbon</p> },
  { label: "Reviews (0)", content: <p>There are no reviews yet.</p> },
];

describe("product information tabs", () => {
  it("shows the description first and another panel when its tab is chosen", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ProductInfoTabs tabs={tabs} />);
    expect((await screen.findByRole("tabpanel")).textContent).toBe("A bicycle for rooty singletrack.");
    await user.click(screen.getByRole("tab", { name: "Reviews (0)" }));
    expect(screen.getByRole("tab", { name: "Reviews (0)" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Description" }).getAttribute("aria-selected")).toBe("false");
    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toBe("There are no reviews yet.");
    expect(panel.getAttribute("aria-labelledby")).toBe(screen.getByRole("tab", { name: "Reviews (0)" }).id);
  });

  it("moves along the tabs with the arrow keys, Home and End, and Enter chooses one", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ProductInfoTabs tabs={tabs} />);
    const tablist = await screen.findByRole("tablist", { name: "Product information" });
    expect(tablist.getAttribute("aria-orientation")).toBe("horizontal");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Description" }));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Additional information" }));
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Reviews (0)" }));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Description" }));
    await user.keyboard("{End}{Enter}");
    expect(screen.getByRole("tabpanel").textContent).toBe("There are no reviews yet.");
  });

  it("uses the up and down arrows when the tabs stand beside the panel", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ProductInfoTabs tabs={tabs} placement="left" />);
    const tablist = await screen.findByRole("tablist", { name: "Product information" });
    expect(tablist.getAttribute("aria-orientation")).toBe("vertical");
    await user.tab();
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Additional information" }));
    await user.keyboard("{ArrowRight}{ArrowUp}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Description" }));
  });
});
