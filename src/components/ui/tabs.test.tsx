// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Tabs } from "./tabs";

type Size = "small" | "medium" | "large";
const sizes = [
  { value: "small", label: "Small frames" },
  { value: "medium", label: "Medium frames" },
  { value: "large", label: "Large frames" },
] as const;

function FrameTabs({
  onSelect,
  orientation,
}: {
  onSelect?: (value: Size) => void;
  orientation?: "horizontal" | "vertical";
}) {
  const [size, setSize] = useState<Size>("medium");
  return (
    <Tabs
      label="Frame sizes"
      tabs={sizes}
      selected={size}
      onSelect={(value) => {
        onSelect?.(value);
        setSize(value);
      }}
      orientation={orientation}
      className="frame-tabs"
    >
      <p>Bikes with {size} frames</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("tabs", () => {
  it("shows the chosen tab's panel, labelled by that tab, with only the chosen tab in the Tab order", () => {
    render(<FrameTabs />);
    const tablist = screen.getByRole("tablist", { name: "Frame sizes" });
    expect(tablist.getAttribute("aria-orientation")).toBe("horizontal");
    expect(tablist.className).toBe("ui-tabs frame-tabs");
    expect(tab("Medium frames").getAttribute("aria-selected")).toBe("true");
    expect(tab("Small frames").getAttribute("aria-selected")).toBe("false");
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toBe("Bikes with medium frames");
    expect(panel.getAttribute("aria-labelledby")).toBe(tab("Medium frames").id);
    for (const t of screen.getAllByRole("tab")) expect(t.getAttribute("aria-controls")).toBe(panel.id);
  });

  it("names in its server-rendered HTML only elements that exist", () => {
    const doc = new DOMParser().parseFromString(renderToString(<FrameTabs />), "text/html");
    const tabs = [...doc.querySelectorAll('[role="tab"]')];
    expect(tabs).toHaveLength(3);
    for (const t of tabs) expect(doc.getElementById(t.getAttribute("aria-controls") ?? "")).not.toBeNull();
    const panel = doc.querySelector('[role="tabpanel"]');
    expect(doc.getElementById(panel?.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Medium frames",
    );
  });

  it("moves the focus with the arrow keys, Home and End without changing the panel; Enter or a click chooses", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<FrameTabs onSelect={onSelect} />);
    await user.tab();
    expect(document.activeElement).toBe(tab("Medium frames"));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("Large frames"));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("Small frames"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tab("Large frames"));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(tab("Small frames"));
    await user.keyboard("{End}{ArrowDown}");
    expect(document.activeElement).toBe(tab("Large frames"));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole("tabpanel").textContent).toBe("Bikes with medium frames");

    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenLastCalledWith("large");
    expect(tab("Large frames").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("Bikes with large frames");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tab("Large frames").id);

    await user.click(tab("Small frames"));
    expect(onSelect).toHaveBeenLastCalledWith("small");
    await user.click(tab("Small frames"));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("uses the up and down arrows when vertical", async () => {
    const user = userEvent.setup();
    render(<FrameTabs orientation="vertical" />);
    const tablist = screen.getByRole("tablist", { name: "Frame sizes" });
    expect(tablist.getAttribute("aria-orientation")).toBe("vertical");
    expect(tablist.classList.contains("ui-tabs--vertical")).toBe(true);
    await user.tab();
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(tab("Large frames"));
    await user.keyboard("{ArrowRight}{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(tab("Small frames"));
  });
});
