import { samplePostHtml } from "../reference/content-texts";
import { SAMPLE_PAGES } from "../reference/content-pages";

export const BRANDS = [
  "Ridgeline",
  "Velocita",
  "Tundra Works",
  "Metro Cycles",
  "Rocket Kids",
  "Granite Components",
  "Apex Carbon",
  "Urban Glide",
  "Polar Gear",
  "Stunt King",
  "Canal Street",
  "Summit Labs",
  "Boulder Tyres",
  "Harbour & Co",
  "Sparrow",
];

export const BANNERS = [
  {
    type: "slider",
    title: "Ride Further",
    subtitle: "New season mountain bikes",
    price: null,
    link: "/catalog/mountain-bikes",
    image: "/api/images/banners/slider-1.svg",
  },
  {
    type: "slider",
    title: "Built for Speed",
    subtitle: "Carbon road bikes from the Velocita range",
    price: null,
    link: "/catalog/road-bikes",
    image: "/api/images/banners/slider-2.svg",
  },
  {
    type: "slider",
    title: "Go Anywhere",
    subtitle: "Fat bikes for sand, snow and mud",
    price: null,
    link: "/catalog/fat-bikes",
    image: "/api/images/banners/slider-3.svg",
  },
  {
    type: "promo",
    title: "City Bikes",
    subtitle: "Starting at",
    price: 14999,
    link: "/catalog/city-hybrid-bikes",
    image: "/api/images/banners/promo-1.svg",
  },
  {
    type: "promo",
    title: "Kids & BMX",
    subtitle: "Starting at",
    price: 5999,
    link: "/catalog/kids-bmx-bikes",
    image: "/api/images/banners/promo-2.svg",
  },
  {
    type: "promo",
    title: "Sale Items",
    subtitle: "Up to 30% off",
    price: 24999,
    link: "/shop-grid-standard",
    image: "/api/images/banners/promo-3.svg",
  },
] as const;

// The content pages are reference data with their French and German (decision 051).
export const PAGES = SAMPLE_PAGES.en;

export const BLOG_POSTS = [
  {
    slug: "choosing-your-first-mountain-bike",
    title: "Choosing your first mountain bike",
    author: "Asha Rao",
    category: "Guides",
    tags: ["Mountain", "Buying guide"],
    excerpt:
      "Hardtail or full suspension, 27.5 or 29 inch wheels: what matters when you buy your first trail bike.",
  },
  {
    slug: "road-bike-fit-basics",
    title: "Road bike fit basics",
    author: "Vikram Singh",
    category: "Guides",
    tags: ["Road", "Fit"],
    excerpt: "Saddle height, reach and stack explained, with three simple checks you can do at home.",
  },
  {
    slug: "fat-bikes-on-the-beach",
    title: "Fat bikes on the beach",
    author: "Meera Iyer",
    category: "Stories",
    tags: ["Fat", "Adventure"],
    excerpt:
      "We rode the Konkan coast on four-inch tyres. Here is what we learned about tyre pressure and sand.",
  },
  {
    slug: "teaching-kids-to-ride",
    title: "Teaching kids to ride without stabilisers",
    author: "Asha Rao",
    category: "Family",
    tags: ["Kids", "Balance bike"],
    excerpt: "Balance bikes first, pedals later: a step-by-step plan for the first weekend.",
  },
  {
    slug: "commuting-in-the-monsoon",
    title: "Commuting in the monsoon",
    author: "Rahul Menon",
    category: "City",
    tags: ["City", "Maintenance"],
    excerpt: "Mudguards, lights and chain care that keep a city bike running through the rainy season.",
  },
].map((p, i) => ({
  ...p,
  image: `/api/images/blog/${i + 1}.svg`,
  published_at: new Date(Date.UTC(2026, 9, 1 + i * 6)).toISOString(),
  html_content: samplePostHtml(p.excerpt),
}));

export const COUNTERS = [
  { label: "Products", value: 360, suffix: "" },
  { label: "Years of experience", value: 50, suffix: "" },
  { label: "Brands", value: 15, suffix: "" },
  { label: "Happy customers", value: 100000, suffix: "" },
];

export const TEAM = [
  { name: "Asha Rao", role: "Founder & frame designer" },
  { name: "Vikram Singh", role: "Head mechanic" },
  { name: "Meera Iyer", role: "Product manager" },
  { name: "Rahul Menon", role: "Customer care lead" },
];

export const COUPONS = [
  {
    code: "BIKE10",
    type: "percent",
    amount: 10,
    min_sub_total: 0,
    starts_at: "2026-01-01T00:00:00.000Z",
    ends_at: "2030-12-31T23:59:59.000Z",
    status: 1,
  },
  {
    code: "FLAT500",
    type: "fixed",
    amount: 500,
    min_sub_total: 5000,
    starts_at: "2026-01-01T00:00:00.000Z",
    ends_at: "2030-12-31T23:59:59.000Z",
    status: 1,
  },
  {
    code: "SUMMER2025",
    type: "percent",
    amount: 20,
    min_sub_total: 0,
    starts_at: "2025-04-01T00:00:00.000Z",
    ends_at: "2025-08-31T23:59:59.000Z",
    status: 1,
  },
];

export const DEMO_CUSTOMER = {
  email: "demo@bicycle-shop.test",
  password: "demo1234",
  first_name: "Demo",
  last_name: "Rider",
  phone: "+919800000001",
};

/** The sample shop's staff account (the staff page: the counter's cart import), seeded with the demo account. */
export const STAFF_ACCOUNT = {
  email: "staff@bicycle-shop.test",
  password: "staff1234",
  first_name: "Counter",
  last_name: "Staff",
};

export const REVIEW_TEXTS = [
  { title: "Great bike", comment: "Smooth gears and solid brakes. Assembly took twenty minutes." },
  { title: "Worth the price", comment: "Light, stiff and comfortable on long rides." },
  { title: "Good, saddle so-so", comment: "The bike rides well but I swapped the saddle after a week." },
  { title: "My kids love it", comment: "Easy to handle and it survived the first crash without a scratch." },
  { title: "Perfect commuter", comment: "Upright position and the mudguards keep me clean." },
];
export const REVIEWER_NAMES = ["Anil K.", "Sofia M.", "Priya S.", "Tom B.", "Lena W.", "Karan P."];
