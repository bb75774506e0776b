// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { Header } from "./header";

describe("header", () => {
  it("lists the bicycle types from the back end under Bicycles Types", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    await user.click(screen.getByRole("button", { name: "Bicycles Types" }));
    const menu = await screen.findByRole("menu");
    const fat = await within(menu).findByRole("menuitem", { name: "Fat Bikes" });
    expect(fat.getAttribute("href")).toBe("/catalog/fat-bikes");
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(5);
  });

  it("shows the free-delivery threshold of USD 200 in the chosen currency", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    const bar = screen.getByTestId("free-delivery");
    // INR is the default currency: 200 USD × 80 INR per USD (the test rates).
    expect(await within(bar).findByText(/16,000/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Currency"), "EUR");
    expect(bar.textContent).toMatch(/€\s?180(\.00)?/);
    await user.selectOptions(screen.getByLabelText("Currency"), "GBP");
    expect(bar.textContent).toMatch(/£160(\.00)?/);
  });

  it("uses the bundled rates when the rate service fails", async () => {
    server.use(http.get("*/api/exchange-rates", () => HttpResponse.json({ nonsense: true })));
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    await user.selectOptions(screen.getByLabelText("Currency"), "EUR");
    // BUNDLED_RATES (api/contract/money.ts, dated): 200 × 0.9434.
    expect(screen.getByTestId("free-delivery").textContent).toMatch(/€\s?188\.68/);
  });

  it("switches the interface to French and German", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    await user.selectOptions(screen.getByLabelText("Language"), "fr");
    expect(await screen.findByRole("button", { name: "Types de vélos" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("fr");
    expect(localStorage.getItem("language")).toBe("fr");
    await user.selectOptions(screen.getByLabelText("Langue"), "de");
    expect(await screen.findByRole("button", { name: "Fahrradtypen" })).toBeTruthy();
    expect(screen.getByTestId("free-delivery").textContent).toContain("Kostenlose Lieferung ab");
  });
});
