import { BODY_TYPES, COLORS, type BodyType } from "../reference/attributes";
import { escapeHtml } from "./html";

export const IMAGE_SIZES = { small: 150, medium: 480, large: 960 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

interface Geometry {
  r: number;
  tyre: number;
  rear: [number, number];
  front: [number, number];
  bb: [number, number];
  seat: [number, number];
  headTop: [number, number];
  headBottom: [number, number];
}

const GEOMETRY: Record<BodyType, Geometry> = {
  road: {
    r: 76,
    tyre: 6,
    rear: [105, 262],
    front: [297, 262],
    bb: [190, 268],
    seat: [168, 150],
    headTop: [282, 148],
    headBottom: [276, 178],
  },
  mountain: {
    r: 74,
    tyre: 13,
    rear: [105, 262],
    front: [297, 262],
    bb: [188, 270],
    seat: [166, 162],
    headTop: [276, 150],
    headBottom: [268, 188],
  },
  fat: {
    r: 72,
    tyre: 24,
    rear: [105, 262],
    front: [297, 262],
    bb: [190, 266],
    seat: [168, 162],
    headTop: [278, 154],
    headBottom: [270, 190],
  },
  city: {
    r: 75,
    tyre: 9,
    rear: [105, 262],
    front: [297, 262],
    bb: [190, 268],
    seat: [160, 150],
    headTop: [272, 140],
    headBottom: [266, 178],
  },
  kids: {
    r: 52,
    tyre: 10,
    rear: [135, 286],
    front: [268, 286],
    bb: [195, 288],
    seat: [178, 205],
    headTop: [252, 196],
    headBottom: [248, 222],
  },
};

const p = (pt: [number, number]) => `${pt[0]} ${pt[1]}`;

function wheel(cx: number, cy: number, g: Geometry, type: BodyType): string {
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    const dx = Math.cos(a) * (g.r - g.tyre / 2);
    const dy = Math.sin(a) * (g.r - g.tyre / 2);
    return `M${(cx - dx).toFixed(1)} ${(cy - dy).toFixed(1)}L${(cx + dx).toFixed(1)} ${(cy + dy).toFixed(1)}`;
  }).join("");
  const knobs =
    type === "mountain" || type === "fat"
      ? `<circle cx="${cx}" cy="${cy}" r="${g.r + g.tyre / 2}" fill="none" stroke="#222" stroke-width="4" stroke-dasharray="4 6"/>`
      : "";
  return `<g><circle cx="${cx}" cy="${cy}" r="${g.r}" fill="none" stroke="#222" stroke-width="${g.tyre}"/>${knobs}<circle cx="${cx}" cy="${cy}" r="${g.r - g.tyre / 2 - 3}" fill="none" stroke="#9e9e9e" stroke-width="3"/><path d="${spokes}" stroke="#bdbdbd" stroke-width="1.5"/><circle cx="${cx}" cy="${cy}" r="7" fill="#616161"/></g>`;
}

function frame(type: BodyType, g: Geometry, color: string): string {
  const tubes =
    type === "city"
      ? `M${p(g.rear)}L${p(g.bb)}L${p(g.seat)}L${p(g.rear)}M${p(g.headBottom)}Q${g.bb[0] + 20} ${g.bb[1] - 10} ${p(g.bb)}M${p(g.headTop)}L${p(g.headBottom)}`
      : `M${p(g.rear)}L${p(g.bb)}L${p(g.seat)}L${p(g.rear)}M${p(g.seat)}L${p(g.headTop)}L${p(g.headBottom)}L${p(g.bb)}`;
  const width = type === "road" ? 9 : type === "fat" ? 14 : 11;
  const fork = `M${p(g.headBottom)}L${p(g.front)}`;
  const suspension =
    type === "mountain"
      ? `<path d="M${p(g.headBottom)}L${(g.headBottom[0] + g.front[0]) / 2} ${(g.headBottom[1] + g.front[1]) / 2}" stroke="#424242" stroke-width="14" stroke-linecap="round"/>`
      : "";
  const saddle = `<path d="M${g.seat[0] - 26} ${g.seat[1] - 12}h44l-6 8h-34z" fill="#212121"/><path d="M${p(g.seat)}l-4 -10" stroke="#424242" stroke-width="6"/>`;
  const [hx, hy] = g.headTop;
  const bars: Record<BodyType, string> = {
    road: `M${hx} ${hy}l6 -8h22q16 2 12 22q-3 14 -16 10`,
    mountain: `M${hx} ${hy}l4 -12M${hx - 20} ${hy - 12}h48`,
    fat: `M${hx} ${hy}l4 -12M${hx - 18} ${hy - 12}h44`,
    city: `M${hx} ${hy}l2 -14q-10 -6 -28 4M${hx + 2} ${hy - 14}q8 -8 22 0`,
    kids: `M${hx} ${hy}l0 -26M${hx - 20} ${hy - 26}h40`,
  };
  const extras =
    type === "city"
      ? `<path d="M${g.front[0] - g.r - 4} ${g.front[1] - 10}A${g.r + 8} ${g.r + 8} 0 0 1 ${g.front[0] + g.r - 10} ${g.front[1] - 38}" fill="none" stroke="${color}" stroke-width="5"/><rect x="${hx + 10}" y="${hy - 6}" width="46" height="30" rx="4" fill="none" stroke="#8d6e63" stroke-width="5"/>`
      : "";
  const crank = `<circle cx="${g.bb[0]}" cy="${g.bb[1]}" r="16" fill="none" stroke="#616161" stroke-width="5"/><path d="M${p(g.bb)}l16 22" stroke="#424242" stroke-width="6" stroke-linecap="round"/>`;
  return [
    `<path d="${tubes}${fork}" fill="none" stroke="#1a1a1a" stroke-width="${width + 4}" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<path d="${tubes}${fork}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`,
    suspension,
    `<path d="${bars[type]}" fill="none" stroke="#212121" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
    saddle,
    crank,
    extras,
  ].join("");
}

function tint(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.88);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

const cache = new Map<string, string>();

/** `{type}-{color}-{size}.svg` → the illustration, or undefined for an unknown name. */
export function productSvg(file: string): string | undefined {
  const hit = cache.get(file);
  if (hit) return hit;
  const m = /^([a-z]+)-([a-z]+)-(small|medium|large)\.svg$/.exec(file);
  if (!m) return undefined;
  const type = m[1] as BodyType;
  const color = COLORS.find((c) => c.name === m[2]);
  if (!BODY_TYPES.includes(type) || !color) return undefined;
  const px = IMAGE_SIZES[m[3] as ImageSize];
  const g = GEOMETRY[type];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 400 400" role="img" aria-label="${color.label} ${type} bicycle"><rect width="400" height="400" fill="${tint(color.hex === "#f5f5f5" ? "#90a4ae" : color.hex)}"/><ellipse cx="200" cy="${g.rear[1] + g.r + 8}" rx="170" ry="10" fill="#000" opacity=".08"/>${wheel(g.rear[0], g.rear[1], g, type)}${wheel(g.front[0], g.front[1], g, type)}${frame(type, g, color.hex)}</svg>`;
  cache.set(file, svg);
  return svg;
}

const PALETTE = ["#1976d2", "#d32f2f", "#388e3c", "#f57c00", "#6a1b9a", "#00838f"];

export function brandSvg(name: string, index: number): string {
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeHtml(name)}"><rect width="240" height="120" rx="12" fill="#fff"/><circle cx="44" cy="60" r="22" fill="none" stroke="${color}" stroke-width="6"/><circle cx="44" cy="60" r="5" fill="${color}"/><text x="76" y="67" font-family="Arial, sans-serif" font-size="${name.length > 12 ? 15 : 19}" font-weight="700" fill="#333">${escapeHtml(name)}</text></svg>`;
}

export function bannerSvg(
  kind: "slider" | "promo",
  index: number,
  type: BodyType,
  colorName: string,
): string {
  const color = COLORS.find((c) => c.name === colorName) ?? COLORS[1];
  const [w, h] = kind === "slider" ? [1200, 560] : [600, 400];
  const bike = productSvg(`${type}-${color.name}-large.svg`)!
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "")
    .replace(/^<rect[^>]*\/>/, "");
  const size = kind === "slider" ? 520 : 360;
  const x = kind === "slider" ? 640 : 240;
  const y = (h - size) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${type} bicycle banner ${index}"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fafafa"/><stop offset="1" stop-color="${tint(color.hex === "#f5f5f5" ? "#90a4ae" : color.hex)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 400 400">${bike}</svg></svg>`;
}

export function avatarSvg(initials: string, index: number): string {
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeHtml(initials)}"><rect width="400" height="400" fill="${tint(color!)}"/><circle cx="200" cy="160" r="80" fill="${color}"/><path d="M60 400q0-130 140-130t140 130z" fill="${color}"/><text x="200" y="178" text-anchor="middle" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeHtml(initials)}</text></svg>`;
}
