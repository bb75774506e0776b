import { describe, expect, it } from "vitest";
import { cssCustomProperties } from "@/components/ui/tokens";
import { accentVars } from "./accent-vars";

describe("accentVars", () => {
  it("gives a variant's accent as the primary colour with MUI's darker hover shade and its tints", () => {
    expect(accentVars("#283593")).toEqual({
      "--c-primary": "#283593",
      // MUI darkens by 1.5 × the tonal offset (0.2): each channel × 0.7, truncated
      "--c-primary-dark": "#1c2566",
      "--c-primary-hover": "rgba(40, 53, 147, 0.04)",
      "--c-primary-border": "rgba(40, 53, 147, 0.5)",
    });
  });

  it("derives from the shop's own primary colour the shades the tokens (and ui.css) declare", () => {
    const declared = cssCustomProperties();
    const derived = accentVars(declared["--c-primary"]!);
    for (const [name, value] of Object.entries(derived)) expect(value).toBe(declared[name]);
  });
});
