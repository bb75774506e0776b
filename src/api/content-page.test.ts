import { describe, expect, it } from "vitest";
import { pageSchema } from "./contract/content";
import { reshapePage } from "./content";

describe("a content page", () => {
  it("is read as title, HTML and meta texts, the meta texts falling back to the title", () => {
    const wire = { id: 1, url_key: "about-us", page_title: "About Us", html_content: "<p>Hi</p>" };
    expect(reshapePage(pageSchema.parse(wire))).toEqual({
      title: "About Us",
      html: "<p>Hi</p>",
      metaTitle: "About Us",
      metaDescription: "About Us",
    });
    const withMeta = { ...wire, meta_title: "About the shop", meta_description: "Who we are" };
    expect(reshapePage(pageSchema.parse(withMeta))).toMatchObject({
      metaTitle: "About the shop",
      metaDescription: "Who we are",
    });
  });
});
