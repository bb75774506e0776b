// @vitest-environment happy-dom
import Button from "@mui/material/Button";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { withMuiTheme } from "./mui-theme";

/** The rules emotion (MUI's styling engine) inserted into the document's head. */
const emotionRules = () =>
  Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-emotion]"), (s) =>
    s.sheet ? Array.from(s.sheet.cssRules, (r) => r.cssText).join("") : (s.textContent ?? ""),
  ).join("");

describe("MUI parts of pages and popups (decision 034)", () => {
  it("draws them with the shop's theme, not MUI's default one", () => {
    const Outlined = withMuiTheme(() => <Button variant="outlined">Save for offline</Button>);
    render(<Outlined />);
    expect(screen.getByRole("button", { name: "Save for offline" })).toBeTruthy();
    // Its buttons take the theme's primary colour, not MUI's default blue.
    const rules = emotionRules().replace(/\s/g, "");
    expect(rules).toContain("--variant-outlinedColor:#a3231f");
    expect(rules).not.toContain("--variant-outlinedColor:#1976d2");
  });
});
