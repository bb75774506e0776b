import { describe, expect, it } from "vitest";
import {
  convertFromBase,
  discountedPrice,
  displayRate,
  FALLBACK_RATES,
  formatDate,
  formatEnglishMoney,
  formatMoney,
  formatPrice,
  freeDeliveryAmount,
  hasAllRates,
  toAmount,
} from "./format";

const rates = { base: "USD", date: "2026-11-20", rates: { USD: 1, EUR: 0.9, GBP: 0.8, INR: 80 } };

describe("currency conversion", () => {
  it("keeps INR, the base currency, at rate 1", () => {
    expect(displayRate("INR", rates)).toBe(1);
    expect(convertFromBase(1000, "INR", rates)).toBe(1000);
  });

  it("converts base prices with rates[X] / rates.INR from USD-based rates", () => {
    expect(displayRate("USD", rates)).toBeCloseTo(1 / 80);
    expect(convertFromBase(8000, "USD", rates)).toBeCloseTo(100);
    expect(convertFromBase(8000, "EUR", rates)).toBeCloseTo(90);
  });

  it("reads rates given on another base", () => {
    const eurBased = { base: "EUR", date: "x", rates: { USD: 1.25, GBP: 1, INR: 100 } };
    expect(convertFromBase(100, "USD", eurBased)).toBeCloseTo(1.25);
    expect(freeDeliveryAmount("EUR", eurBased)).toBeCloseTo(160);
  });

  it("shows the free-delivery threshold as USD 200 in the chosen currency", () => {
    expect(freeDeliveryAmount("USD", rates)).toBe(200);
    expect(freeDeliveryAmount("GBP", rates)).toBeCloseTo(160);
    expect(freeDeliveryAmount("INR", rates)).toBe(16000);
  });

  it("falls back to the bundled dated table for a missing or broken rate", () => {
    const broken = { base: "USD", date: "x", rates: { USD: 1, EUR: -3, INR: 80 } };
    expect(hasAllRates(broken)).toBe(false);
    expect(freeDeliveryAmount("EUR", broken)).toBeCloseTo(200 * (FALLBACK_RATES.rates.EUR ?? 0));
    expect(hasAllRates(FALLBACK_RATES)).toBe(true);
    expect(FALLBACK_RATES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("money formatting", () => {
  it("formats in the active language with the currency symbol", () => {
    expect(formatMoney(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatMoney(1234.5, "EUR", "de")).toMatch(/^1\.234,50\s€$/);
    expect(formatMoney(1234.5, "EUR", "fr")).toMatch(/^1\s234,50\s€$/);
    expect(formatMoney(1234.5, "INR", "en")).toBe("₹1,234.50");
    expect(formatPrice(8000, "GBP", rates, "en")).toBe("£80.00");
  });

  it("writes English prices exactly as Intl does, without loading Intl's number data", () => {
    const amounts = [
      0, -0, 0.001, 0.005, 0.015, 1.005, 2.675, 999.995, 1234.5, 1e6, -5.5, -0.001, 1e20, 1e21, 1e-7,
    ];
    // Every cent from 0 to 20, thirds and odd fractions over a range of magnitudes.
    for (let i = 0; i <= 2000; i++) amounts.push(i / 100, i / 3, i * 7.3333, i * 1234.5678, (i * 17) / 1000);
    for (const code of ["USD", "EUR", "GBP", "INR"] as const) {
      const intl = new Intl.NumberFormat("en", {
        style: "currency",
        currency: code,
        maximumFractionDigits: 2,
      });
      for (const amount of amounts) expect(formatMoney(amount, code, "en")).toBe(intl.format(amount));
    }
    // What the short path leaves to Intl.
    expect(formatEnglishMoney(1e21, "USD")).toBeNull();
    expect(formatEnglishMoney(-0.001, "USD")).toBeNull();
    expect(formatEnglishMoney(1.005, "USD")).toBe("$1.01");
  });

  it("shows 0 instead of NaN for unusable amounts", () => {
    expect(formatMoney(Number.NaN, "USD", "en")).toBe("$0.00");
  });

  it("reads Bagisto money given as decimal strings", () => {
    expect(toAmount("50.0000")).toBe(50);
    expect(toAmount(20)).toBe(20);
    expect(toAmount("abc")).toBe(0);
    expect(toAmount(null)).toBe(0);
  });

  it("formats dates as month day year", () => {
    expect(formatDate("2026-03-05T10:00:00.000000Z", "en")).toBe("March 5, 2026");
    expect(formatDate("2026-03-05T10:00:00Z", "de")).toBe("5. März 2026");
    expect(formatDate("not a date", "en")).toBe("");
  });
});

describe("discounted price", () => {
  it("is the price minus price × discount / 100", () => {
    expect(discountedPrice(1000, 10)).toBe(900);
    expect(discountedPrice(999.99, 15)).toBe(849.99);
  });

  it("is null when the discount is zero or missing", () => {
    expect(discountedPrice(1000, 0)).toBeNull();
    expect(discountedPrice(1000, undefined)).toBeNull();
    expect(discountedPrice(1000, null)).toBeNull();
    expect(discountedPrice(1000, -5)).toBeNull();
  });

  it("never goes below zero", () => {
    expect(discountedPrice(100, 150)).toBe(0);
  });
});
