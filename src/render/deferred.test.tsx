import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Deferred } from "./deferred";
import { createServerHtmlFlag, ServerHtmlContext } from "./first-page";

const page = (onServerHtml: boolean | null) => {
  const tree = <Deferred fallback={<p>Loading</p>}>{<p>Bicycles</p>}</Deferred>;
  return renderToString(
    onServerHtml === null ? (
      tree
    ) : (
      <ServerHtmlContext value={createServerHtmlFlag(onServerHtml)}>{tree}</ServerHtmlContext>
    ),
  );
};

describe("a deferred part of the page", () => {
  it("renders its content at once over the server's HTML (hydration then matches it)", () => {
    expect(page(true)).toContain("Bicycles");
  });

  it("renders its fallback first once the server's page is gone, or with no app instance's flag", () => {
    expect(page(false)).toContain("Loading");
    expect(page(null)).toContain("Loading");
  });
});
