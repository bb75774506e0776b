import { describe, expect, it } from "vitest";
import { bicycleTypes, reshapeCategory } from "./categories";
import { categoryListReplySchema } from "./contract/category";

describe("reshapeCategory", () => {
  it("reads a plain Bagisto 1.3 category (Resources/Catalog/Category.php: no parent_id, no include_in_menu)", () => {
    const reply = categoryListReplySchema.parse({
      data: [
        {
          id: 2,
          code: null,
          name: "Mountain Bikes",
          slug: "mountain-bikes",
          display_mode: "products_and_description",
          description: "<p>Off road</p>",
          meta_title: "",
          meta_description: "",
          meta_keywords: "",
          status: 1,
          image_url: "https://shop.example/storage/category/2/m.jpg",
          category_icon_path: null,
          additional: [],
          created_at: "2021-09-27T00:00:00.000000Z",
          updated_at: "2021-09-27T00:00:00.000000Z",
        },
      ],
    });
    expect(reshapeCategory(reply.data[0]!)).toEqual({
      id: 2,
      name: "Mountain Bikes",
      slug: "mountain-bikes",
      parentId: null,
      position: 0,
      description: "<p>Off road</p>",
      image: "https://shop.example/storage/category/2/m.jpg",
      inMenu: true,
      metaTitle: "Mountain Bikes",
      metaDescription: "",
    });
  });

  it("reads our server's category, the Homepage group kept out of the menu", () => {
    const reply = categoryListReplySchema.parse({
      data: [
        {
          id: 7,
          name: "Homepage",
          slug: "homepage",
          parent_id: 1,
          position: 6,
          description: null,
          meta_title: "Home picks",
          meta_description: "Picked bicycles",
          image_url: null,
          include_in_menu: false,
          product_count: 4,
        },
      ],
    });
    const c = reshapeCategory(reply.data[0]!);
    expect(c).toMatchObject({ parentId: 1, position: 6, description: "", image: null, inMenu: false });
    expect(c).toMatchObject({ metaTitle: "Home picks", metaDescription: "Picked bicycles" });
    expect(c).not.toHaveProperty("include_in_menu");
  });
});

describe("bicycleTypes", () => {
  it("keeps the categories shown in menus and drops the Homepage group", () => {
    const road = reshapeCategory({ id: 3, name: "Road Bikes", slug: "road-bikes" });
    const home = reshapeCategory({ id: 7, name: "Homepage", slug: "homepage", include_in_menu: false });
    expect(bicycleTypes([road, home])).toEqual([road]);
  });
});
