// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../../tests/utils/render";
import { Footer } from "./footer";
import { Header } from "./header";
import { MobileMenu } from "./mui/mobile-menu";

// The back end's root children include the Homepage grouping category (include_in_menu false: tests/msw).
const TYPES = ["Mountain Bikes", "Road Bikes", "Fat Bikes", "City/Hybrid Bikes", "Kids/BMX Bikes"];

describe("the bicycle types lists", () => {
  it("header dropdown: the five bicycle types, not Homepage", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    await user.click(screen.getByRole("button", { name: "Bicycles Types" }));
    const menu = await screen.findByRole("menu");
    await within(menu).findByRole("menuitem", { name: "Fat Bikes" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent),
    ).toEqual(TYPES);
  });

  it("mobile menu: the five bicycle types, not Homepage", async () => {
    await renderWithProviders(<MobileMenu open onClose={() => {}} />);
    const nav = await screen.findByRole("navigation", { name: "Mobile menu" });
    await within(nav).findByRole("link", { name: "Fat Bikes" });
    expect(within(nav).queryByRole("link", { name: "Homepage" })).toBeNull();
    const types = within(nav)
      .getAllByRole("link")
      .filter((a) => a.getAttribute("href")?.startsWith("/catalog/"));
    expect(types.map((a) => a.textContent)).toEqual(TYPES);
  });

  it("footer: the five bicycle types, not Homepage", async () => {
    await renderWithProviders(<Footer canSubscribe={false} />);
    const nav = screen.getByRole("navigation", { name: "Bicycle Types" });
    await within(nav).findByRole("link", { name: "Fat Bikes" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(TYPES);
  });
});
