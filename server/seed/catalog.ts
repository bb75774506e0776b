import { discountedPrice } from "../../src/api/contract/money";
import { sampleGeometry } from "./geometry";
import { BODY_TYPES, COLORS, SIZES, type BodyType, type ColorName } from "../reference/attributes";
import { sampleDescriptions } from "../reference/catalog-texts";

export const CATEGORIES = [
  { id: 2, name: "Mountain Bikes", slug: "mountain-bikes", type: "mountain" },
  { id: 3, name: "Road Bikes", slug: "road-bikes", type: "road" },
  { id: 4, name: "Fat Bikes", slug: "fat-bikes", type: "fat" },
  { id: 5, name: "City/Hybrid Bikes", slug: "city-hybrid-bikes", type: "city" },
  { id: 6, name: "Kids/BMX Bikes", slug: "kids-bmx-bikes", type: "kids" },
  { id: 7, name: "Homepage", slug: "homepage", type: null },
] as const;
export const HOMEPAGE_CATEGORY_ID = 7;

interface TypeSpec {
  names: string[];
  price: [number, number];
  tyre: string[];
  frameSize: string[];
  frame: string[];
  suspension: string[];
  brake: string[];
  gears: string[];
  age: string[];
}

const TYPE_SPECS: Record<BodyType, TypeSpec> = {
  mountain: {
    names: [
      "Ridgeline Trail 29",
      "Summit Pro XC",
      "Granite Peak 27.5",
      "Switchback Enduro",
      "Timberline Hardtail",
      "Canyon Drop FS",
      "Boulder Dash 29er",
      "Pinecrest Trail",
      "Talus Ridge Comp",
    ],
    price: [24999, 89999],
    tyre: ['27.5"', '29"', '29" x 2.4"'],
    frameSize: ['S (15")', 'M (17")', 'L (19")'],
    frame: ["Aluminium 6061", "Carbon fibre", "Chromoly steel"],
    suspension: ["Front fork 100 mm", "Front fork 120 mm", "Full, 130/120 mm"],
    brake: ["Hydraulic disc", "Mechanical disc"],
    gears: ["1x12 speed", "2x10 speed", "1x11 speed"],
    age: ["14+ years", "16+ years"],
  },
  road: {
    names: [
      "Velocita Aero SL",
      "Strada Endurance 105",
      "Apex Carbon Disc",
      "Tempo Sprint",
      "Gran Fondo Elite",
      "Corsa Lite",
      "Rouleur Classic Steel",
      "Peloton Race 7",
      "Breakaway Gravel",
    ],
    price: [34999, 149999],
    tyre: ["700c x 25 mm", "700c x 28 mm", "700c x 32 mm"],
    frameSize: ["52 cm", "54 cm", "56 cm", "58 cm"],
    frame: ["Carbon fibre", "Aluminium 6061", "Reynolds 520 steel"],
    suspension: ["Rigid"],
    brake: ["Hydraulic disc", "Rim caliper", "Mechanical disc"],
    gears: ["2x11 speed", "2x12 speed", "2x9 speed"],
    age: ["16+ years"],
  },
  fat: {
    names: [
      "Tundra Fat 4.8",
      "Snowdrift Explorer",
      "Dune Cruiser Fat",
      "Polar Trek",
      "Bigfoot 26x4",
      "Glacier Roam",
      "Sandstorm Fat",
      "Yeti Trail Fat",
      "Permafrost Pro",
    ],
    price: [29999, 69999],
    tyre: ['26" x 4.0"', '26" x 4.8"', '27.5" x 3.8"'],
    frameSize: ['M (17")', 'L (19")'],
    frame: ["Aluminium 6061", "Chromoly steel"],
    suspension: ["Rigid", "Front fork 100 mm"],
    brake: ["Mechanical disc", "Hydraulic disc"],
    gears: ["1x10 speed", "1x11 speed", "3x7 speed"],
    age: ["14+ years", "16+ years"],
  },
  city: {
    names: [
      "Metro Commuter 7",
      "Canal Street Hybrid",
      "Urban Glide",
      "Boulevard Step-Through",
      "Parkway Comfort",
      "Daily Rider 21",
      "Harbour Cruiser",
      "Citylink Hybrid Disc",
      "Avenue Classic",
    ],
    price: [14999, 39999],
    tyre: ["700c x 35 mm", "700c x 40 mm", '28" x 1.5"'],
    frameSize: ["S (46 cm)", "M (50 cm)", "L (54 cm)"],
    frame: ["Aluminium 6061", "Hi-ten steel", "Step-through aluminium"],
    suspension: ["Rigid", "Front fork 63 mm", "Seatpost suspension"],
    brake: ["V-brake", "Mechanical disc", "Hydraulic disc"],
    gears: ["7 speed", "3x7 speed", "8 speed hub"],
    age: ["14+ years", "16+ years"],
  },
  kids: {
    names: [
      "Rocket Junior 16",
      "Little Explorer 12",
      "Stunt King BMX 20",
      "Skatepark Freestyle",
      "Sparrow Kids 20",
      "Dirt Jumper Mini",
      "Rainbow Rider 14",
      "Pump Track BMX",
      "Cub Balance 12",
    ],
    price: [5999, 19999],
    tyre: ['12"', '14"', '16"', '20"'],
    frameSize: ['XS (10")', 'S (11")', 'BMX 20.5" top tube'],
    frame: ["Hi-ten steel", "Aluminium 6061", "Chromoly steel"],
    suspension: ["Rigid"],
    brake: ["Coaster brake", "V-brake", "U-brake with gyro"],
    gears: ["Single speed"],
    age: ["3-5 years", "5-8 years", "8-12 years", "12+ years"],
  },
};

/** mulberry32: the sample catalogue must be identical on every seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface VariantSpec {
  id: number;
  sku: string;
  color: ColorName;
  colorOptionId: number;
  size: string;
  sizeOptionId: number;
  stock: number;
  position: number;
}

export interface ProductSpec {
  id: number;
  sku: string;
  type: "simple" | "configurable";
  bodyType: BodyType;
  name: string;
  urlKey: string;
  shortDescription: string;
  description: string;
  price: number;
  discount: number;
  finalPrice: number;
  isNew: boolean;
  featured: boolean;
  rating: number;
  saleCount: number;
  stock: number;
  offerEnd: string | null;
  affiliateLink: string | null;
  defaultColor: ColorName;
  tags: string[];
  info: Record<string, string>;
  categoryIds: number[];
  variants: VariantSpec[];
  createdAt: string;
}

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/["']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const SIMPLE_NAMES = new Set(["Cub Balance 12", "Rainbow Rider 14", "Avenue Classic"]);
const AFFILIATE_NAMES = new Set(["Apex Carbon Disc", "Permafrost Pro", "Canyon Drop FS"]);

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

/**
 * The bundled catalogue: 45 bicycles (9 per type), ids 1..45, stable across seeds. With `count` above 45
 * the same recipe continues with numbered models, for benchmarks.
 */
export function generateCatalog(count = 45, from = 0): ProductSpec[] {
  const out: ProductSpec[] = [];
  const perType = 9;
  const base = Date.UTC(2026, 5, 1);
  for (let i = from; i < count; i++) {
    const id = i + 1;
    const rand = prng(id * 7919);
    const bodyType = BODY_TYPES[Math.floor(i / perType) % BODY_TYPES.length] as BodyType;
    const spec = TYPE_SPECS[bodyType];
    const round = Math.floor(i / (perType * BODY_TYPES.length));
    const baseName = spec.names[i % perType] as string;
    const name = round === 0 ? baseName : `${baseName} Mk ${round + 1}`;
    const urlKey = round === 0 ? slugify(baseName) : `${slugify(baseName)}-mk-${round + 1}-${id}`;
    const category = CATEGORIES.find((c) => c.type === bodyType);
    const isSimple = round === 0 && SIMPLE_NAMES.has(baseName);
    const [lo, hi] = spec.price;
    const price = Math.round((lo + rand() * (hi - lo)) / 1000) * 1000 - 1;
    const discount = rand() < 0.45 ? pick(rand, [5, 10, 15, 20, 25, 30]) : 0;
    const finalPrice = discountedPrice(price, discount) ?? price;
    const isNew = rand() < 0.35;
    const featured = rand() < 0.3;
    const rating = pick(rand, [3, 4, 4, 5, 5]);
    const saleCount = Math.floor(rand() * 220);
    const offerEnd = discount
      ? new Date(Date.UTC(2027, Math.floor(rand() * 6), 1 + Math.floor(rand() * 27), 23, 59, 0)).toISOString()
      : null;
    const affiliateLink =
      round === 0 && AFFILIATE_NAMES.has(baseName)
        ? `https://partners.example.com/bikes/${slugify(baseName)}`
        : null;
    const gender = bodyType === "kids" ? "Kids" : pick(rand, ["Men", "Women", "Unisex", "Unisex"]);
    const tags = gender === "Kids" ? ["Kids"] : gender === "Unisex" ? ["Men", "Women"] : [gender];
    const info: Record<string, string> = {
      gender,
      age: pick(rand, spec.age),
      tyre_size: pick(rand, spec.tyre),
      frame_size: pick(rand, spec.frameSize),
      frame: pick(rand, spec.frame),
      suspension: pick(rand, spec.suspension),
      brake: pick(rand, spec.brake),
      gears: pick(rand, spec.gears),
    };
    const colorCount = isSimple ? 1 : 2 + Math.floor(rand() * 3);
    const start = Math.floor(rand() * COLORS.length);
    const colors = Array.from({ length: colorCount }, (_, k) => COLORS[(start + k) % COLORS.length]!);
    const variants: VariantSpec[] = [];
    if (!isSimple) {
      colors.forEach((color, ci) => {
        SIZES.forEach((size, si) => {
          const roll = rand();
          const stock = roll < 0.08 ? 0 : roll < 0.2 ? 2 : 3 + Math.floor(rand() * 20);
          variants.push({
            id: id * 100 + ci * 10 + si,
            sku: `BK-${String(id).padStart(5, "0")}-${color.name.toUpperCase()}-${size.name.toUpperCase()}`,
            color: color.name,
            colorOptionId: color.id,
            size: size.name,
            sizeOptionId: size.id,
            stock,
            position: ci * 10 + si,
          });
        });
      });
    }
    if (id === 1) {
      const fixed = [2, 5, 0, 8];
      variants.forEach((v) => {
        if (v.color === colors[0]!.name)
          v.stock = fixed[SIZES.findIndex((s) => s.name === v.size)] ?? v.stock;
      });
    }
    // Its own generator: the other fields stay what they were before geometry existed.
    const shift = Math.floor(prng(id * 104_729)() * 3) - 1;
    const sizeNames = isSimple ? [] : SIZES.map((s) => s.name);
    info.frame_geometry = JSON.stringify(sampleGeometry(shift, bodyType, sizeNames, info));
    const stock = isSimple
      ? baseName === "Rainbow Rider 14"
        ? 2
        : 6 + Math.floor(rand() * 10)
      : variants.reduce((s, v) => s + v.stock, 0);
    const categoryIds = [category!.id];
    if (round === 0 ? i % 3 === 0 : rand() < 0.1) categoryIds.push(HOMEPAGE_CATEGORY_ID);
    // The texts' words (and their French and German) are reference data: replies in another language
    // translate them (decision 051).
    const { short: shortDescription, long: description } = sampleDescriptions(name, bodyType, info, "en");
    const createdAt = new Date(base + ((id * 7_777_777) % (150 * 86_400_000))).toISOString();
    out.push({
      id,
      sku: `BK-${String(id).padStart(5, "0")}`,
      type: isSimple ? "simple" : "configurable",
      bodyType,
      name,
      urlKey,
      shortDescription,
      description,
      price,
      discount,
      finalPrice,
      isNew,
      featured,
      rating,
      saleCount,
      stock,
      offerEnd,
      affiliateLink,
      defaultColor: colors[0]!.name,
      tags,
      info,
      categoryIds,
      variants,
      createdAt,
    });
  }
  return out;
}
