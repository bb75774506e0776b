import { describe, expect, it } from "vitest";
import { accountKeys } from "./account";
import { catalogKeys } from "./catalog";
import { categoryKeys } from "./categories";
import { contentKeys } from "./content";
import { queryRootFedBy } from "./query-roots";

const under = (key: readonly unknown[], root: readonly unknown[] | null) =>
  root !== null && root.every((part, i) => key[i] === part);

describe("queryRootFedBy (which queries a fresher copy of a reply can change)", () => {
  it("puts each public reply under the queries that read it", () => {
    expect(under(catalogKeys.list({ page: 1 }, "fr"), queryRootFedBy("products"))).toBe(true);
    expect(under(catalogKeys.detail(3, "de"), queryRootFedBy("products/3"))).toBe(true);
    expect(under(catalogKeys.reviews(3, 1, 5), queryRootFedBy("reviews/3"))).toBe(true);
    expect(
      under(catalogKeys.configurableConfig(3, "en"), queryRootFedBy("product-configurable-config/3")),
    ).toBe(true);
    expect(under(catalogKeys.attributes("mountain-bikes", "fr"), queryRootFedBy("getattributes"))).toBe(true);
    expect(under(categoryKeys.descendants(1, "fr"), queryRootFedBy("descendant-categories"))).toBe(true);
    expect(under(contentKeys.banners("fr"), queryRootFedBy("getbanner"))).toBe(true);
    expect(under(contentKeys.page("about-us", "fr"), queryRootFedBy("page/about-us"))).toBe(true);
    expect(under(contentKeys.blogPost("a-ride", "de"), queryRootFedBy("blog/a-ride"))).toBe(true);
    expect(under(accountKeys.states("DE"), queryRootFedBy("statelist"))).toBe(true);
  });

  it("keeps domains apart, and knows no root for a path it does not list", () => {
    expect(under(contentKeys.banners("en"), queryRootFedBy("products"))).toBe(false);
    expect(under(catalogKeys.detail(3, "en"), queryRootFedBy("page/about-us"))).toBe(false);
    expect(queryRootFedBy("exchange-rates")).toBeNull();
  });
});
