import { describe, expect, it } from "vitest";
import { BICYCLE_HOME, HOME_LAYOUTS, homeLayoutFor } from "./home-layouts";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("home layouts", () => {
  it("the bicycle home shows the SPEC sections in order, with the featured tab bar hidden", () => {
    expect(homeLayoutFor("/")).toBe(BICYCLE_HOME);
    expect(homeLayoutFor("/huge-home")).toBe(BICYCLE_HOME);
    expect(BICYCLE_HOME.sections).toEqual([
      "hero",
      "bestsellers",
      "recommend",
      "category-grid",
      "featured",
      "brands",
      "promo",
    ]);
    expect(BICYCLE_HOME.featuredTabBar).toBe(false);
  });

  it("an unknown variant falls back to the bicycle home", () => {
    expect(homeLayoutFor("/home-nothing")).toBe(BICYCLE_HOME);
    expect(homeLayoutFor(undefined)).toBe(BICYCLE_HOME);
  });

  it("every variant opens with its hero and lists each section once", () => {
    for (const [path, layout] of Object.entries(HOME_LAYOUTS)) {
      expect(layout.sections[0], path).toBe("hero");
      expect(new Set(layout.sections).size, path).toBe(layout.sections.length);
    }
  });

  it("every accent keeps white button text readable (contrast at least 4.5:1)", () => {
    for (const [path, layout] of Object.entries(HOME_LAYOUTS)) {
      if (!layout.accent) continue;
      const ratio = 1.05 / (luminance(layout.accent) + 0.05);
      expect(ratio, path).toBeGreaterThanOrEqual(4.5);
    }
  });
});
