// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { appPlainProduct, appProduct, sampleProduct } from "../../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../../tests/utils/render";
import { addToCompare, clearCompare, getCompareList } from "../store";
import { CompareToggle } from "./compare-toggle";
import { CompareView } from "./compare-view";

describe("compare", () => {
  beforeEach(() => clearCompare());

  it("adds with 'Added To Compare' and removes with 'Removed From Compare'", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<CompareToggle product={appProduct()} />);
    await user.click(screen.getByRole("button", { name: "Add to compare" }));
    expect(await screen.findByText("Added To Compare")).toBeTruthy();
    expect(getCompareList()).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Remove from compare" }));
    expect(await screen.findByText("Removed From Compare")).toBeTruthy();
    expect(getCompareList()).toHaveLength(0);
  });

  it("shows the bicycles side by side and highlights the specs that differ", async () => {
    addToCompare(appProduct());
    addToCompare(
      appPlainProduct({
        basic_info: {
          ...sampleProduct().basic_info!,
          additional_info: [
            { code: "frame", label: "Frame", value: "Aluminium" },
            { code: "brake", label: "Brake", value: "V-brake" },
          ],
        },
      }),
    );
    addToCompare(appProduct());
    await renderWithProviders(<CompareView />);
    const table = await screen.findByRole("table", { name: "Compared products" });
    const frame = within(table).getByRole("rowheader", { name: "Frame" }).closest("tr")!;
    const brake = within(table).getByRole("rowheader", { name: "Brake" }).closest("tr")!;
    expect(frame.getAttribute("data-differs")).toBe("true");
    expect(frame.textContent).toContain("Chromoly steel");
    expect(frame.textContent).toContain("Aluminium");
    expect(brake.getAttribute("data-differs")).toBe("false");
    expect(within(table).getAllByRole("link")).toHaveLength(2);
  });
});
