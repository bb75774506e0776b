export const BASE_CURRENCY = "INR";
const formatter = new Intl.NumberFormat("en-IN", { style: "currency", currency: BASE_CURRENCY });

export function formatMoney(amount: number): string {
  return formatter.format(amount);
}

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** Bagisto's DECIMAL(12,4) columns come back as strings. */
export function decimal(n: number): string {
  return round2(n).toFixed(4);
}
