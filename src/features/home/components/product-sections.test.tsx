// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { BestsellerSlider, CategoryGrid } from "./product-sections";

describe("home product sections", () => {
  it("are left out, heading and all, when their list cannot be loaded (SPEC §8: silently)", async () => {
    let asked = 0;
    server.use(
      http.get("*/api/products", () => {
        asked += 1;
        return HttpResponse.json({ message: "Server Error" }, { status: 500 });
      }),
    );
    const { queryClient } = await renderWithProviders(
      <>
        <BestsellerSlider renderProduct={(p) => <span>{p.name}</span>} />
        <CategoryGrid renderProduct={(p) => <span>{p.name}</span>} />
      </>,
    );
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .filter((q) => q.state.status === "error"),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByTestId("home-bestsellers")).toBeNull());
    expect(screen.queryByTestId("home-category-grid")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Best Sellers" })).toBeNull();
  });
});
