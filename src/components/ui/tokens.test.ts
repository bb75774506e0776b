import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cssCustomProperties, tokens } from "./tokens";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The custom properties of ui.css's first `:root` block, whitespace collapsed. */
function rootProperties(css: string): Record<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2]!.replace(/\s+/g, " ").trim()]),
  );
}

describe("one palette (decision 047)", () => {
  it("ui.css declares exactly the tokens' custom properties, with their values", () => {
    expect(rootProperties(read("./ui.css"))).toEqual(cssCustomProperties());
  });

  it("index.html's theme colour and the web manifest's colours (vite.config.ts) are the tokens'", () => {
    expect(read("../../../index.html")).toContain(
      `<meta name="theme-color" content="${tokens.color.primary}" />`,
    );
    const config = read("../../../vite.config.ts");
    expect(config).toContain(`theme_color: "${tokens.color.primary}"`);
    expect(config).toContain(`background_color: "${tokens.color.splash}"`);
  });
});
