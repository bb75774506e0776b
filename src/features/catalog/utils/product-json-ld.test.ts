import { describe, expect, it } from "vitest";
import { appProduct } from "../../../../tests/msw/shopping-handlers";
import { metaDescription, productJsonLd } from "./product-json-ld";

describe("product JSON-LD", () => {
  it("describes the product and its discounted offer", () => {
    const json = JSON.parse(
      productJsonLd(appProduct(), "https://shop.test/product/dirt-jumper-mini", "https://shop.test"),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      "@type": "Product",
      name: "Dirt Jumper Mini",
      sku: "dirt-jumper-mini",
      image: ["https://shop.test/img/jumper-l.svg"],
      offers: {
        "@type": "Offer",
        price: "9000.00",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("cannot close its script element whatever the product text says", () => {
    const text = productJsonLd(
      appProduct({ name: "</script><script>alert(1)</script>" }),
      "https://s/p",
      "https://s",
    );
    expect(text).not.toContain("<");
    expect((JSON.parse(text) as { name: string }).name).toBe("</script><script>alert(1)</script>");
  });

  it("says out of stock when nothing can be bought", () => {
    const json = JSON.parse(productJsonLd(appProduct({ in_stock: false }), "https://s/p", "https://s")) as {
      offers: { availability: string };
    };
    expect(json.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("uses the short description as plain text for the meta description", () => {
    expect(metaDescription(appProduct({ short_description: "<p>A <b>light</b> frame.</p>" }))).toBe(
      "A light frame.",
    );
  });

  it("leaves out what a description's script or style holds, and decodes its character references", () => {
    const product = appProduct({
      short_description:
        '<p>Fast &amp; light&nbsp;&#8211; 9&#x2009;kg</p><script>window.hacked = 1</script><style>p{}</style><SCRIPT src="x">',
    });
    expect(metaDescription(product)).toBe("Fast & light – 9 kg");
    const json = JSON.parse(productJsonLd(product, "https://shop.test/p", "https://shop.test")) as {
      description: string;
    };
    expect(json.description).toBe("Fast & light – 9 kg");
  });
});
