import { describe, expect, it } from "vitest";
import {
  BASE_CURRENCY,
  BUNDLED_RATES,
  convertFromBase,
  CURRENCY_CODES,
  currencySymbol,
  decimal,
  discountedPrice,
  displayRate,
  FLAT_RATE_SHIPPING,
  formatMoney,
  FREE_DELIVERY_USD,
  freeDeliveryThreshold,
  hasAllRates,
  round2,
  SERVER_MONEY_FORMAT,
} from "./money";

const rates = { base: "USD", date: "2026-11-20", rates: { USD: 1, EUR: 0.9, GBP: 0.8, INR: 80 } };
const NNBSP = "\u202f"; // French grouping
const NBSP = "\u00a0"; // before a trailing symbol

describe("money formatting: the shopper's language decides, for every currency", () => {
  const amount = 123456.5;
  const expected: Record<string, Record<(typeof CURRENCY_CODES)[number], string>> = {
    en: { USD: "$123,456.50", EUR: "€123,456.50", GBP: "£123,456.50", INR: "₹123,456.50" },
    fr: {
      USD: `123${NNBSP}456,50${NBSP}$US`,
      EUR: `123${NNBSP}456,50${NBSP}€`,
      GBP: `123${NNBSP}456,50${NBSP}£GB`,
      INR: `123${NNBSP}456,50${NBSP}₹`,
    },
    de: {
      USD: `123.456,50${NBSP}$`,
      EUR: `123.456,50${NBSP}€`,
      GBP: `123.456,50${NBSP}£`,
      INR: `123.456,50${NBSP}₹`,
    },
  };
  for (const locale of ["en", "fr", "de"]) {
    for (const currency of CURRENCY_CODES) {
      it(`writes ${currency} in ${locale}`, () => {
        expect(formatMoney(amount, { currency, locale })).toBe(expected[locale]![currency]);
      });
    }
  }

  it("groups rupees in English by thousands, not in lakhs as en-IN does", () => {
    expect(formatMoney(123456.5, { currency: "INR", locale: "en" })).toBe("₹123,456.50");
    expect(formatMoney(12345678, { currency: "INR", locale: "en" })).toBe("₹12,345,678.00");
  });

  it("gives the server the storefront's English format of the base currency", () => {
    expect(SERVER_MONEY_FORMAT).toEqual({ currency: BASE_CURRENCY, locale: "en" });
    expect(formatMoney(143999, SERVER_MONEY_FORMAT)).toBe("₹143,999.00");
  });

  it("rounds to cents and writes negative amounts and unusable ones", () => {
    expect(formatMoney(1.005, { currency: "USD", locale: "en" })).toBe("$1.01");
    expect(formatMoney(0.001, { currency: "USD", locale: "en" })).toBe("$0.00");
    expect(formatMoney(-9199.8, { currency: "INR", locale: "en" })).toBe("-₹9,199.80");
    expect(formatMoney(Number.NaN, { currency: "USD", locale: "en" })).toBe("$0.00");
  });

  it("names the currency's sign for the currency choice", () => {
    expect(CURRENCY_CODES.map((c) => currencySymbol(c, "en"))).toEqual(["$", "€", "£", "₹"]);
    expect(CURRENCY_CODES.map((c) => currencySymbol(c, "fr"))).toEqual(["$", "€", "£", "₹"]);
  });
});

describe("rounding", () => {
  it("rounds to cents, half away from zero", () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(25919.82)).toBe(25919.82);
  });

  it("writes wire decimals with four places, or the places asked for", () => {
    expect(decimal(50)).toBe("50.0000");
    expect(decimal(1.005)).toBe("1.0100");
    expect(decimal(101699.1, 2)).toBe("101699.10");
  });
});

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
    expect(freeDeliveryThreshold("EUR", eurBased)).toBe(160);
  });

  it("falls back to the bundled dated table for a missing or broken rate", () => {
    const broken = { base: "USD", date: "x", rates: { USD: 1, EUR: -3, INR: 80 } };
    expect(hasAllRates(broken)).toBe(false);
    expect(displayRate("EUR", broken)).toBeCloseTo((BUNDLED_RATES.rates.EUR ?? 0) / 80);
    expect(hasAllRates(BUNDLED_RATES)).toBe(true);
    expect(BUNDLED_RATES.base).toBe("USD");
    expect(BUNDLED_RATES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("delivery", () => {
  it("offers free delivery from USD 200, shown in the chosen currency to the cent", () => {
    expect(FREE_DELIVERY_USD).toBe(200);
    expect(freeDeliveryThreshold("USD", rates)).toBe(200);
    expect(freeDeliveryThreshold("GBP", rates)).toBe(160);
    expect(freeDeliveryThreshold("INR", rates)).toBe(16000);
    expect(freeDeliveryThreshold("EUR", { ...rates, rates: { ...rates.rates, EUR: 0.86733 } })).toBe(173.47);
  });

  it("reads the threshold from the bundled table before any rate arrives", () => {
    expect(freeDeliveryThreshold("INR", BUNDLED_RATES)).toBe(round2(200 * BUNDLED_RATES.rates.INR!));
  });

  it("charges a flat rate of 25 in the base currency below it", () => {
    expect(FLAT_RATE_SHIPPING).toBe(25);
  });
});

describe("discounted price", () => {
  it("is the price minus price × discount / 100", () => {
    expect(discountedPrice(1000, 10)).toBe(900);
    expect(discountedPrice(999.99, 15)).toBe(849.99);
    expect(discountedPrice(112999, 10)).toBe(101699.1);
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
