/*
 * How big a pack will be, announced before it is saved ("48 bicycles, about 14 MB").
 *
 * The list replies (every product of the category) are fetched before the estimate, so the index is known to
 * the byte. Each product then costs four replies (detail, specs, options, reviews) and its images. A few
 * products spread over the list are downloaded as samples (they are kept and stored, not fetched twice), and
 * each reply kind is predicted from what the list already says about every product, by a straight line
 * fitted to the samples: the detail from the product's own JSON size, the options from the size of its
 * variations, the reviews from its review count, the specs as the samples' mean. Images: each distinct
 * address is stored once; a few of each kind (large, medium, small) are sampled, and their mean size is
 * multiplied by the number of distinct addresses of that kind.
 */
import { numberFormat } from "@/i18n/format";

const encoder = new TextEncoder();

/** The UTF-8 size of a value's JSON, as a reply would carry it. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

/** Least-squares line through the samples; the mean when they all share one x (or there is one sample). */
export function fitLine(points: readonly { x: number; y: number }[]): (x: number) => number {
  const n = points.length;
  if (n === 0) return () => 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return () => my;
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  return (x) => Math.max(0, my + slope * (x - mx));
}

/** One kind of per-product reply: what predicts its size, and the samples' measured sizes. */
export interface ReplyKind<P> {
  predictor: (product: P) => number;
  /** measured sizes of the sampled products' replies of this kind */
  samples: readonly { product: P; bytes: number }[];
}

export interface PackEstimateInput<P> {
  products: readonly P[];
  /** bytes known exactly: the index, the category's filters and menu, every sampled reply and image */
  exactBytes: number;
  /** the sampled products (their replies are in exactBytes) */
  sampled: ReadonlySet<P>;
  kinds: readonly ReplyKind<P>[];
  /** per image kind: how many distinct addresses are not sampled, and the sampled sizes */
  images: readonly { unsampled: number; sampleBytes: readonly number[] }[];
}

/** The announced size of a pack, in bytes. */
export function estimatePackBytes<P>(input: PackEstimateInput<P>): number {
  let total = input.exactBytes;
  for (const kind of input.kinds) {
    const line = fitLine(kind.samples.map((s) => ({ x: kind.predictor(s.product), y: s.bytes })));
    for (const p of input.products) if (!input.sampled.has(p)) total += line(kind.predictor(p));
  }
  for (const img of input.images) {
    if (img.unsampled === 0 || img.sampleBytes.length === 0) continue;
    const mean = img.sampleBytes.reduce((s, b) => s + b, 0) / img.sampleBytes.length;
    total += mean * img.unsampled;
  }
  return Math.round(total);
}

/** Up to `count` items spread evenly over the list, the first and the last included. */
export function spreadSample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(0, count);
  const picked: T[] = [];
  for (let i = 0; i < count; i++) picked.push(items[Math.round((i * (items.length - 1)) / (count - 1))]!);
  return [...new Set(picked)];
}

/** "14 MB", "215 kB" (SI units, as the browser's storage figures), in the shopper's language. */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  if (mb >= 1)
    return numberFormat(locale, {
      style: "unit",
      unit: "megabyte",
      maximumFractionDigits: mb < 10 ? 1 : 0,
    }).format(mb);
  return numberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(
    Math.max(1, bytes / 1000),
  );
}
