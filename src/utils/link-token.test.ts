// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { takeLinkToken } from "./link-token";

const TOKEN = "u_TUsGt9aPYkHosBMOyHWGOUy9BRvWMjePUJ2PhoTQk";

describe("takeLinkToken", () => {
  it("reads the token from the fragment and removes it from the address at once, keeping the history state", () => {
    window.history.pushState({ key: "kept" }, "", `/reset-password#token=${TOKEN}`);
    const entries = window.history.length;
    expect(takeLinkToken()).toBe(TOKEN);
    expect(window.location.pathname).toBe("/reset-password");
    expect(window.location.hash).toBe("");
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.history.state).toEqual({ key: "kept" });
    expect(window.history.length).toBe(entries);
    expect(takeLinkToken()).toBeNull();
  });

  it("takes an older link's query token too, keeping the other parameters", () => {
    window.history.pushState(null, "", `/newsletter/confirm?ref=mail&token=${TOKEN}`);
    expect(takeLinkToken()).toBe(TOKEN);
    expect(window.location.search).toBe("?ref=mail");
  });

  it("removes a token that is none, and answers null", () => {
    window.history.pushState(null, "", "/reset-password#token=<script>");
    expect(takeLinkToken()).toBeNull();
    expect(window.location.hash).toBe("");
  });
});
