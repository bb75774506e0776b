import { describe, expect, it } from "vitest";
import { addressListReplySchema, addressSaveReplySchema } from "../../src/api/contract/address";
import { wishlistReplySchema, wishlistToggleReplySchema } from "../../src/api/contract/wishlist";
import { makeApp, shopper } from "../test-utils";

const ADDRESS = {
  first_name: "John",
  last_name: "Doe",
  address1: ["Block H-ARP Park", "Sector 63"],
  country: "IN",
  state: "UP",
  city: "Noida",
  postcode: "201301",
  phone: "0132456789",
};

describe("account", () => {
  it("creates, reads, updates and deletes addresses of the logged-in customer only", async () => {
    const app = await makeApp();
    const s = shopper(app);
    expect((await s.get("/api/addresses")).status).toBe(401);
    await s.login();
    const created = addressSaveReplySchema.parse((await s.post("/api/addresses/create", ADDRESS)).json);
    expect(created.message).toBe("Your address has been created successfully.");
    expect(created.data.address1).toEqual(ADDRESS.address1);
    expect(created.data.country_name).toBe("India");
    const id = created.data.id;
    const updated = addressSaveReplySchema.parse(
      (await s.put(`/api/addresses/${id}`, { ...ADDRESS, city: "Delhi", default_address: true })).json,
    );
    expect(updated.data.city).toBe("Delhi");
    expect(updated.data.is_default).toBe(true);
    const list = await s.get("/api/addresses");
    expect(addressListReplySchema.parse(list.json).data).toHaveLength(1);
    // A customer's addresses are never stored by a browser, a proxy or the service worker.
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect((await s.get(`/api/addresses/${id}`)).json.data.id).toBe(id);
    const stringLines = await s.post("/api/addresses/create", { ...ADDRESS, address1: "one line" });
    expect(stringLines.status).toBe(422);
    expect(stringLines.json.message).toBe("address1 must be an array.");
    const other = shopper(app);
    await other.post("/api/customer/register", {
      first_name: "O",
      last_name: "P",
      email: "op@example.com",
      password: "secret12",
      password_confirmation: "secret12",
    });
    await other.login("op@example.com", "secret12");
    expect((await other.get(`/api/addresses/${id}`)).status).toBe(404);
    expect((await other.del(`/api/addresses/${id}`)).status).toBe(404);
    expect((await s.del(`/api/addresses/${id}`)).json).toEqual({ message: "Item removed successfully." });
    expect((await s.get(`/api/addresses/${id}`)).status).toBe(404);
  });

  it("toggles wishlist entries and lists them", async () => {
    const s = shopper(await makeApp());
    expect((await s.get("/api/wishlist")).status).toBe(401);
    await s.login();
    const added = wishlistToggleReplySchema.parse((await s.get("/api/wishlist/add/7")).json);
    expect(added.message).toBe("Item Successfully Added To Wishlist");
    expect(added.data?.product.id).toBe(7);
    await s.get("/api/wishlist/add/8");
    const list = wishlistReplySchema.parse((await s.get("/api/wishlist")).json);
    expect(list.data.map((w) => w.product.id).sort()).toEqual([7, 8]);
    expect(list.data.every((w) => w.product.is_wishlisted)).toBe(true);
    const removed = wishlistToggleReplySchema.parse((await s.get("/api/wishlist/add/7")).json);
    expect(removed).toEqual({ data: null, message: "Item removed from wishlist successfully." });
    expect((await s.get("/api/wishlist?pagination=0")).json.data).toHaveLength(1);
    expect((await s.get("/api/wishlist/add/99999")).status).toBe(404);
    const flagged = (await s.get("/api/products/8")).json.data;
    expect(flagged.is_wishlisted).toBe(true);
  });
});
