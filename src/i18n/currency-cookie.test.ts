import { describe, expect, it } from "vitest";
import { currencyCookie, currencyFromCookie } from "./currency-cookie";

describe("the currency cookie", () => {
  it("reads one of the shop's currencies from a Cookie header, nothing else", () => {
    expect(currencyFromCookie("lang=fr; currency=EUR; theme=x")).toBe("EUR");
    expect(currencyFromCookie("xcurrency=GBP; currency=USD")).toBe("USD");
    expect(currencyFromCookie("currency=JPY")).toBeNull();
    expect(currencyFromCookie("currency=eur")).toBeNull();
    expect(currencyFromCookie("lang=fr")).toBeNull();
    expect(currencyFromCookie(undefined)).toBeNull();
  });

  it("is written for the whole site for a year, Secure over HTTPS", () => {
    expect(currencyCookie("GBP", false)).toBe("currency=GBP; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(currencyCookie("EUR", true)).toMatch(/; Secure$/);
  });
});
