import { describe, expect, it } from "vitest";
import { sampleProduct } from "../../../../tests/msw/shopping-handlers";
import { reshapeProduct } from "@/api/product";
import { cardImage, packImages } from "./pack-images";

const img = (name: string) => ({
  small_image_url: `/img/${name}-s.svg`,
  medium_image_url: `/img/${name}-m.svg`,
  large_image_url: `/img/${name}-l.svg`,
});

describe("the images a saved product needs", () => {
  it("are every gallery slide (each large image, each colour's image), the card and the small images, once each", () => {
    const product = reshapeProduct(
      sampleProduct({
        images: [img("trail-black"), img("trail-green")],
        base_image: img("trail-black"),
        variation: [
          { color: "black", option_id: 1, image: "/img/trail-black-m.svg", size: [{ name: "m", stock: 1 }] },
          { color: "green", option_id: 2, image: "/img/trail-green-m.svg", size: [{ name: "m", stock: 1 }] },
        ],
      }),
    );
    expect(packImages(product)).toEqual([
      { url: "/img/trail-black-l.svg", kind: "large" },
      { url: "/img/trail-green-l.svg", kind: "large" },
      { url: "/img/trail-black-m.svg", kind: "medium" },
      { url: "/img/trail-green-m.svg", kind: "medium" },
      { url: "/img/trail-black-s.svg", kind: "small" },
      { url: "/img/trail-green-s.svg", kind: "small" },
    ]);
  });

  it("of a product without images are its card's base image and its colours' images", () => {
    const product = reshapeProduct(sampleProduct({ images: [], base_image: img("plain") }));
    expect(packImages(product).map((i) => i.url)).toEqual([
      "/img/jumper-red.svg",
      "/img/jumper-blue.svg",
      "/img/plain-m.svg",
    ]);
    expect(cardImage(product)).toEqual({ url: "/img/plain-m.svg", kind: "medium" });
  });
});
