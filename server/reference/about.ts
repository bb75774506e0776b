/** The About page's fixed text blocks, served as they are by `GET /api/about` (not stored in the database). */
export const ABOUT_BLOCKS = [
  {
    title: "Our vision",
    text: "A good bicycle for every rider, from a first balance bike to a carbon race machine.",
  },
  {
    title: "Our mission",
    text: "Design durable bikes, sell them honestly and keep them on the road for years.",
  },
  { title: "Our goal", text: "Carbon-neutral production and ten-year parts availability on every model." },
];
