import type { Locale } from "../../src/i18n/locale";

/**
 * The sample shop's short content texts in French and German (decision 051): the home banners' titles and
 * subtitles, the About page's counters, team roles and text blocks. As the catalogue's (`catalog-texts.ts`): a
 * stored text is translated only when it is still the sample's English one; any other text, and any text in
 * English, is sent as it is.
 */
const WORDS: Record<string, Record<Exclude<Locale, "en">, string>> = {
  // Banners
  "Ride Further": { fr: "Allez plus loin", de: "Weiter fahren" },
  "New season mountain bikes": { fr: "Les VTT de la nouvelle saison", de: "Mountainbikes der neuen Saison" },
  "Built for Speed": { fr: "Taillé pour la vitesse", de: "Gebaut für Tempo" },
  "Carbon road bikes from the Velocita range": {
    fr: "Vélos de route en carbone de la gamme Velocita",
    de: "Carbon-Rennräder der Velocita-Reihe",
  },
  "Go Anywhere": { fr: "Allez partout", de: "Überall hin" },
  "Fat bikes for sand, snow and mud": {
    fr: "Des fat bikes pour le sable, la neige et la boue",
    de: "Fatbikes für Sand, Schnee und Schlamm",
  },
  "City Bikes": { fr: "Vélos de ville", de: "Cityräder" },
  "Starting at": { fr: "À partir de", de: "Ab" },
  "Kids & BMX": { fr: "Enfants & BMX", de: "Kinder & BMX" },
  "Sale Items": { fr: "Promotions", de: "Angebote" },
  "Up to 30% off": { fr: "Jusqu'à 30 % de remise", de: "Bis zu 30 % Rabatt" },
  // Counters
  Products: { fr: "Produits", de: "Produkte" },
  "Years of experience": { fr: "Années d'expérience", de: "Jahre Erfahrung" },
  Brands: { fr: "Marques", de: "Marken" },
  "Happy customers": { fr: "Clients satisfaits", de: "Zufriedene Kunden" },
  // Team roles
  "Founder & frame designer": {
    fr: "Fondatrice et conceptrice de cadres",
    de: "Gründerin und Rahmenbauerin",
  },
  "Head mechanic": { fr: "Chef mécanicien", de: "Leitender Mechaniker" },
  "Product manager": { fr: "Responsable produit", de: "Produktmanagerin" },
  "Customer care lead": { fr: "Responsable du service client", de: "Leiter Kundenservice" },
  // About blocks
  "Our vision": { fr: "Notre vision", de: "Unsere Vision" },
  "A good bicycle for every rider, from a first balance bike to a carbon race machine.": {
    fr: "Un bon vélo pour chaque cycliste, de la première draisienne au vélo de course en carbone.",
    de: "Ein gutes Fahrrad für alle, vom ersten Laufrad bis zur Carbon-Rennmaschine.",
  },
  "Our mission": { fr: "Notre mission", de: "Unsere Mission" },
  "Design durable bikes, sell them honestly and keep them on the road for years.": {
    fr: "Concevoir des vélos durables, les vendre honnêtement et les garder sur la route pendant des années.",
    de: "Langlebige Räder entwerfen, ehrlich verkaufen und jahrelang auf der Straße halten.",
  },
  "Our goal": { fr: "Notre objectif", de: "Unser Ziel" },
  "Carbon-neutral production and ten-year parts availability on every model.": {
    fr: "Une production neutre en carbone et des pièces disponibles dix ans pour chaque modèle.",
    de: "CO₂-neutrale Fertigung und zehn Jahre Ersatzteile für jedes Modell.",
  },
};

/** A short content text in `locale` (null stays null). */
export function contentText<T extends string | null>(text: T, locale: Locale): T {
  if (locale === "en" || text === null) return text;
  return (WORDS[text]?.[locale] ?? text) as T;
}
