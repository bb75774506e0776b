import { describe, expect, it } from "vitest";
import { pageOf } from "./paging";

describe("pageOf", () => {
  it("reads the page, the last page and the total from Bagisto's meta", () => {
    const meta = {
      current_page: 2,
      from: 11,
      last_page: 5,
      path: "/api/orders",
      per_page: "10",
      to: 20,
      total: 43,
    };
    expect(pageOf(meta, 3, 10)).toEqual({ page: 2, lastPage: 5, total: 43 });
  });

  it("takes a reply without meta as the whole list: the page asked for is the last, its items are the total", () => {
    expect(pageOf(undefined, 1, 4)).toEqual({ page: 1, lastPage: 1, total: 4 });
    expect(pageOf(undefined, 3, 0)).toEqual({ page: 3, lastPage: 3, total: 0 });
  });
});
