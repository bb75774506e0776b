// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { WeRecommend } from "./we-recommend";

describe("We Recommend", () => {
  it("says 'No Product available!' when there are no new products", async () => {
    server.use(http.get("*/api/product-with-additional-information", () => HttpResponse.json({ data: [] })));
    await renderWithProviders(<WeRecommend />);
    expect(await screen.findByText("No Product available!")).toBeTruthy();
  });

  it("is left out, silently, when its list cannot be loaded (not 'No Product available!')", async () => {
    let asked = 0;
    server.use(
      http.get("*/api/product-with-additional-information", () => {
        asked += 1;
        return HttpResponse.json({ message: "Server Error" }, { status: 500 });
      }),
    );
    const { queryClient } = await renderWithProviders(<WeRecommend />);
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.state.status === "error"),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId("home-recommend")).toBeNull());
    expect(screen.queryByText("No Product available!")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
