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

/** The blog posts' titles, excerpts, categories and tags. */
const POST_WORDS: Record<string, Record<Exclude<Locale, "en">, string>> = {
  "Choosing your first mountain bike": {
    fr: "Choisir son premier VTT",
    de: "Das erste Mountainbike aussuchen",
  },
  "Hardtail or full suspension, 27.5 or 29 inch wheels: what matters when you buy your first trail bike.": {
    fr: "Semi-rigide ou tout suspendu, roues de 27,5 ou 29 pouces : ce qui compte pour votre premier VTT de trail.",
    de: "Hardtail oder Fully, 27,5 oder 29 Zoll: worauf es beim ersten Trailbike ankommt.",
  },
  "Road bike fit basics": {
    fr: "Les bases du réglage d'un vélo de route",
    de: "Grundlagen der Rennrad-Einstellung",
  },
  "Saddle height, reach and stack explained, with three simple checks you can do at home.": {
    fr: "Hauteur de selle, reach et stack expliqués, avec trois vérifications simples à faire chez soi.",
    de: "Sattelhöhe, Reach und Stack erklärt, mit drei einfachen Prüfungen für zu Hause.",
  },
  "Fat bikes on the beach": { fr: "Fat bikes sur la plage", de: "Fatbikes am Strand" },
  "We rode the Konkan coast on four-inch tyres. Here is what we learned about tyre pressure and sand.": {
    fr: "Nous avons longé la côte du Konkan sur des pneus de quatre pouces. Voici ce que nous avons appris sur la pression et le sable.",
    de: "Wir sind die Konkan-Küste auf Vier-Zoll-Reifen gefahren. Das haben wir über Reifendruck und Sand gelernt.",
  },
  "Teaching kids to ride without stabilisers": {
    fr: "Apprendre aux enfants à rouler sans petites roues",
    de: "Kindern das Radfahren ohne Stützräder beibringen",
  },
  "Balance bikes first, pedals later: a step-by-step plan for the first weekend.": {
    fr: "D'abord la draisienne, les pédales ensuite : un plan pas à pas pour le premier week-end.",
    de: "Erst das Laufrad, dann die Pedale: ein Plan Schritt für Schritt für das erste Wochenende.",
  },
  "Commuting in the monsoon": { fr: "Aller au travail pendant la mousson", de: "Pendeln im Monsun" },
  "Mudguards, lights and chain care that keep a city bike running through the rainy season.": {
    fr: "Garde-boue, éclairage et entretien de la chaîne pour qu'un vélo de ville tienne toute la saison des pluies.",
    de: "Schutzbleche, Licht und Kettenpflege, die ein Stadtrad durch die Regenzeit bringen.",
  },
  Guides: { fr: "Guides", de: "Ratgeber" },
  Stories: { fr: "Récits", de: "Geschichten" },
  Family: { fr: "Famille", de: "Familie" },
  City: { fr: "Ville", de: "Stadt" },
  Mountain: { fr: "Montagne", de: "Berg" },
  "Buying guide": { fr: "Guide d'achat", de: "Kaufberatung" },
  Road: { fr: "Route", de: "Straße" },
  Fit: { fr: "Réglage", de: "Einstellung" },
  Fat: { fr: "Fat", de: "Fat" },
  Adventure: { fr: "Aventure", de: "Abenteuer" },
  Kids: { fr: "Enfants", de: "Kinder" },
  "Balance bike": { fr: "Draisienne", de: "Laufrad" },
  Maintenance: { fr: "Entretien", de: "Wartung" },
};
Object.assign(WORDS, POST_WORDS);

const POST_BODY: Record<Locale, [heading: string, quote: string]> = {
  en: ["Getting started", "Ride more, worry less."],
  fr: ["Pour commencer", "Roulez plus, inquiétez-vous moins."],
  de: ["Der Anfang", "Mehr fahren, weniger sorgen."],
};

/** A sample blog post's article (HTML) in `locale`, from its excerpt (in that language). */
export function samplePostHtml(excerpt: string, locale: Locale = "en"): string {
  const [heading, quote] = POST_BODY[locale];
  return `<p>${excerpt}</p><h2>${heading}</h2><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p><blockquote>${quote}</blockquote><p>Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.</p>`;
}

/** A post's article in `locale`: the sample's translation while it is still the sample's English one. */
export function postHtml(html: string, excerpt: string, locale: Locale): string {
  if (locale === "en" || html !== samplePostHtml(excerpt)) return html;
  return samplePostHtml(contentText(excerpt, locale), locale);
}

/** A short content text in `locale` (null stays null). */
export function contentText<T extends string | null>(text: T, locale: Locale): T {
  if (locale === "en" || text === null) return text;
  return (WORDS[text]?.[locale] ?? text) as T;
}
