// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Product } from "@/api/product";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { ShowroomRequests } from "./showroom-requests";

const product = {
  id: 7,
  name: "Ridgeline 29",
  colours: [
    {
      color: "red",
      swatch: null,
      image: "",
      sizes: [
        { name: "m", stock: 3, variantId: 701 },
        { name: "l", stock: 0, variantId: 702 },
      ],
    },
  ],
} as unknown as Product;

const slots = () =>
  http.get("*/api/test-rides/slots", () =>
    HttpResponse.json({ data: { slots: ["10:00", "14:00"], max_days: 60 } }),
  );

describe("the showroom's requests on the product page", () => {
  it("offers the back-in-stock request only for a size that is out, and sends it with its key", async () => {
    let sent: { body: unknown; key: string | null } | null = null;
    server.use(
      slots(),
      http.post("*/api/stock-alerts", async ({ request }) => {
        sent = { body: await request.json(), key: request.headers.get("idempotency-key") };
        return HttpResponse.json({ message: "ok", data: { id: 1 } });
      }),
    );
    const user = userEvent.setup();
    const view = await renderWithProviders(<ShowroomRequests product={product} color="red" size="m" />);
    expect(await screen.findByRole("button", { name: "Book a test ride" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Tell me when my size is back" })).toBeNull();
    view.unmount();

    await renderWithProviders(<ShowroomRequests product={product} color="red" size="l" />);
    await user.click(await screen.findByRole("button", { name: "Tell me when my size is back" }));
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "r@example.test");
    await user.click(screen.getByRole("button", { name: "Notify me" }));
    expect(await screen.findByText("We will write to you as soon as your size is back.")).toBeTruthy();
    expect(sent!.body).toEqual({
      product_id: 7,
      variant_id: 702,
      size: "l",
      email: "r@example.test",
    });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides both buttons when the back end has no showroom (a stock Bagisto's 404)", async () => {
    server.use(
      http.get("*/api/test-rides/slots", () =>
        HttpResponse.json({ error: "Resource Not Found" }, { status: 404 }),
      ),
    );
    await renderWithProviders(<ShowroomRequests product={product} color="red" size="l" />);
    expect(await screen.findByRole("button", { name: "Book a test ride" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Book a test ride" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Tell me when my size is back" })).toBeNull();
  });
});
