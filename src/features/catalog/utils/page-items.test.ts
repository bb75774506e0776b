import { describe, expect, it } from "vitest";
import { pageItems } from "./page-items";

const show = (page: number, count: number) =>
  pageItems(page, count)
    .map((i) => (i.type === "page" ? String(i.page) : "…"))
    .join(" ");

describe("the page list of a product list", () => {
  it("shows every page when there are few", () => {
    expect(show(1, 1)).toBe("1");
    expect(show(2, 5)).toBe("1 2 3 4 5");
    expect(show(7, 7)).toBe("1 2 3 4 5 6 7");
  });

  it("shows the first, the last and the current page's neighbours, with gaps for the others", () => {
    expect(show(1, 10)).toBe("1 2 3 4 5 … 10");
    expect(show(4, 10)).toBe("1 2 3 4 5 … 10");
    expect(show(5, 10)).toBe("1 … 4 5 6 … 10");
    expect(show(7, 10)).toBe("1 … 6 7 8 9 10");
    expect(show(10, 10)).toBe("1 … 6 7 8 9 10");
  });
});
