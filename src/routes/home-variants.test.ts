import { describe, expect, it } from "vitest";
import { HOME_LAYOUTS } from "@/features/home/utils/home-layouts";
import { HOME_VARIANT_PATHS } from "./template-paths";

describe("template home variants", () => {
  it("every home route of SPEC §2 has its own layout and no layout is orphaned", () => {
    const paths = ["/", "/huge-home", ...HOME_VARIANT_PATHS];
    expect(Object.keys(HOME_LAYOUTS).sort()).toEqual([...paths].sort());
  });
});
