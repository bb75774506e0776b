import { DEFAULT_LOCALE, normaliseLocale, type Locale } from "../../src/i18n/locale";
import type { ADDITIONAL_INFO_CODES } from "../../src/api/contract/product";
import type { BodyType } from "./attributes";

/**
 * The sample shop's catalogue texts in English, French and German (decision 051): category names and
 * descriptions, the words of the product descriptions' templates, colour, tag and spec labels and the spec
 * values. English is what the database holds; a reply in another language (Bagisto's `locale` query
 * parameter) translates a text only when it is still exactly the sample's English one, so a text someone has
 * changed is shown as it now is, never as an outdated translation. Model names are brand names and stay as
 * they are in every language.
 */

/** The language a request asks for with `locale` (en, fr, de); anything else, or none, is English. */
export function catalogLocale(value: string | null | undefined): Locale {
  if (!value || value.length > 20) return DEFAULT_LOCALE;
  return normaliseLocale(value) ?? DEFAULT_LOCALE;
}

type Words = Record<Exclude<Locale, "en">, string>;

/** A phrase of the sample shop and its translations, by its English words. */
function dictionary(entries: Record<string, Words>) {
  return (english: string, locale: Locale): string =>
    locale === "en" ? english : (entries[english]?.[locale] ?? english);
}

/** The bicycle types' category names (by their English name, as seeded). */
const categoryName = dictionary({
  "Mountain Bikes": { fr: "VTT", de: "Mountainbikes" },
  "Road Bikes": { fr: "Vélos de route", de: "Rennräder" },
  "Fat Bikes": { fr: "Fat bikes", de: "Fatbikes" },
  "City/Hybrid Bikes": { fr: "Vélos de ville/hybrides", de: "City-/Trekkingräder" },
  "Kids/BMX Bikes": { fr: "Vélos enfant/BMX", de: "Kinderräder/BMX" },
  Homepage: { fr: "Page d'accueil", de: "Startseite" },
  Root: { fr: "Racine", de: "Wurzel" },
});

const FOR_EVERY_RIDER: Record<Locale, (name: string) => string> = {
  en: (name) => `<p>${name} for every rider.</p>`,
  fr: (name) => `<p>${name} pour chaque cycliste.</p>`,
  de: (name) => `<p>${name} für alle, die gern fahren.</p>`,
};

/** A seeded category's description. */
export function sampleCategoryDescription(name: string): string {
  return FOR_EVERY_RIDER.en(name);
}

/** A category's name and description in `locale` (see the module's note: changed texts stay as they are). */
export function categoryTexts(
  row: { name: string; description: string | null },
  locale: Locale,
): { name: string; description: string | null } {
  if (locale === "en") return row;
  const name = categoryName(row.name, locale);
  const description =
    row.description === FOR_EVERY_RIDER.en(row.name) ? FOR_EVERY_RIDER[locale](name) : row.description;
  return { name, description };
}

/** The colour options' labels, by the colour's name (Bagisto's admin name). */
const COLOR_LABELS: Record<Locale, Record<string, string>> = {
  en: { red: "Red", blue: "Blue", black: "Black", green: "Green", white: "White" },
  fr: { red: "Rouge", blue: "Bleu", black: "Noir", green: "Vert", white: "Blanc" },
  de: { red: "Rot", blue: "Blau", black: "Schwarz", green: "Grün", white: "Weiß" },
};

/** A colour option's label in `locale` (`fallback`: the stored label, for a colour the sample lacks). */
export function colorLabel(name: string, locale: Locale, fallback: string): string {
  return locale === "en" ? fallback : (COLOR_LABELS[locale][name] ?? fallback);
}

/** The filter attributes' names. */
export const attributeName = dictionary({
  Color: { fr: "Couleur", de: "Farbe" },
  Size: { fr: "Taille", de: "Größe" },
  Tag: { fr: "Étiquette", de: "Schlagwort" },
});

/** The tags (who a bicycle is for) and the `gender` spec's values. */
export const tagLabel = dictionary({
  Kids: { fr: "Enfants", de: "Kinder" },
  Men: { fr: "Hommes", de: "Herren" },
  Women: { fr: "Femmes", de: "Damen" },
  Unisex: { fr: "Unisexe", de: "Unisex" },
});

/** The spec labels. */
const INFO_LABEL_WORDS: Record<(typeof ADDITIONAL_INFO_CODES)[number] | "frame_geometry", Words> = {
  gender: { fr: "Public", de: "Für" },
  age: { fr: "Âge", de: "Alter" },
  tyre_size: { fr: "Taille des pneus", de: "Reifengröße" },
  frame_size: { fr: "Taille du cadre", de: "Rahmengröße" },
  frame: { fr: "Cadre", de: "Rahmen" },
  suspension: { fr: "Suspension", de: "Federung" },
  brake: { fr: "Freins", de: "Bremsen" },
  gears: { fr: "Vitesses", de: "Schaltung" },
  frame_geometry: { fr: "Géométrie du cadre", de: "Rahmengeometrie" },
};

/** A spec's label in `locale` (`english`: the label as the API names it in English). */
export function infoLabel(code: string, english: string, locale: Locale): string {
  if (locale === "en") return english;
  return INFO_LABEL_WORDS[code as keyof typeof INFO_LABEL_WORDS]?.[locale] ?? english;
}

/** The sample's spec values with words in them (sizes and numbers alone read the same everywhere). */
const infoWords = dictionary({
  "Aluminium 6061": { fr: "Aluminium 6061", de: "Aluminium 6061" },
  "Carbon fibre": { fr: "Fibre de carbone", de: "Carbonfaser" },
  "Chromoly steel": { fr: "Acier chromoly", de: "Chromoly-Stahl" },
  "Reynolds 520 steel": { fr: "Acier Reynolds 520", de: "Reynolds-520-Stahl" },
  "Hi-ten steel": { fr: "Acier Hi-Ten", de: "Hi-Ten-Stahl" },
  "Step-through aluminium": { fr: "Aluminium, cadre ouvert", de: "Aluminium, Tiefeinsteiger" },
  Rigid: { fr: "Rigide", de: "Starr" },
  "Seatpost suspension": { fr: "Tige de selle suspendue", de: "Gefederte Sattelstütze" },
  "Hydraulic disc": { fr: "Disque hydraulique", de: "Hydraulische Scheibenbremse" },
  "Mechanical disc": { fr: "Disque mécanique", de: "Mechanische Scheibenbremse" },
  "Rim caliper": { fr: "Étrier sur jante", de: "Felgenbremse" },
  "V-brake": { fr: "V-brake", de: "V-Brake" },
  "Coaster brake": { fr: "Frein à rétropédalage", de: "Rücktrittbremse" },
  "U-brake with gyro": { fr: "U-brake avec rotor", de: "U-Brake mit Rotor" },
  "Single speed": { fr: "Monovitesse", de: "Singlespeed" },
  "8 speed hub": { fr: "Moyeu à 8 vitesses", de: "8-Gang-Nabe" },
});

/** Patterns of spec values with numbers in them. */
const INFO_PATTERNS: [RegExp, Words][] = [
  [/^Front fork (\d+) mm$/, { fr: "Fourche avant $1 mm", de: "Federgabel $1 mm" }],
  [/^Full, ([\d/]+) mm$/, { fr: "Tout suspendu, $1 mm", de: "Vollgefedert, $1 mm" }],
  [/^([\dx]+) speed$/, { fr: "$1 vitesses", de: "$1-Gang" }],
  [/^(\d+)\+ years$/, { fr: "$1 ans et plus", de: "Ab $1 Jahren" }],
  [/^(\d+-\d+) years$/, { fr: "$1 ans", de: "$1 Jahre" }],
];

/** A spec's value in `locale`; a value the sample does not have stays as it is. */
export function infoValue(code: string, value: string | null, locale: Locale): string | null {
  if (locale === "en" || value === null) return value;
  if (code === "gender") return tagLabel(value, locale);
  const word = infoWords(value, locale);
  if (word !== value) return word;
  for (const [pattern, words] of INFO_PATTERNS)
    if (pattern.test(value)) return value.replace(pattern, words[locale]);
  return value;
}

/** What the descriptions say of each type of bicycle: what it is made for, and how it rides. */
const PITCH: Record<BodyType, Record<Locale, { pitch: string; ride: string; type: string }>> = {
  mountain: {
    en: {
      pitch: "built for rooty singletrack, rocky descents and long days in the hills",
      ride: "a confident, planted feel on loose ground",
      type: "mountain",
    },
    fr: {
      pitch:
        "conçu pour les sentiers pleins de racines, les descentes rocailleuses et les longues journées en montagne",
      ride: "une sensation assurée et stable sur terrain meuble",
      type: "VTT",
    },
    de: {
      pitch: "gebaut für wurzelige Trails, steinige Abfahrten und lange Tage in den Bergen",
      ride: "ein sicheres, satt liegendes Fahrgefühl auf losem Untergrund",
      type: "Mountainbike",
    },
  },
  road: {
    en: {
      pitch: "made for fast group rides, sportives and smooth tarmac",
      ride: "a light, responsive and efficient ride",
      type: "road",
    },
    fr: {
      pitch: "fait pour les sorties rapides en groupe, les cyclosportives et l'asphalte lisse",
      ride: "une conduite légère, vive et efficace",
      type: "vélo de route",
    },
    de: {
      pitch: "gemacht für schnelle Gruppenausfahrten, Radmarathons und glatten Asphalt",
      ride: "ein leichtes, direktes und effizientes Fahrgefühl",
      type: "Rennrad",
    },
  },
  fat: {
    en: {
      pitch: "happy on sand, snow and mud where narrow tyres give up",
      ride: "huge grip and a cushioned, stable feel",
      type: "fat",
    },
    fr: {
      pitch: "à l'aise sur le sable, la neige et la boue, là où les pneus étroits abandonnent",
      ride: "une adhérence énorme et une sensation amortie et stable",
      type: "fat bike",
    },
    de: {
      pitch: "zu Hause auf Sand, Schnee und Schlamm, wo schmale Reifen aufgeben",
      ride: "enormen Grip und ein gedämpftes, stabiles Fahrgefühl",
      type: "Fatbike",
    },
  },
  city: {
    en: {
      pitch: "ready for commutes, errands and relaxed weekend rides",
      ride: "an upright, comfortable riding position",
      type: "city/hybrid",
    },
    fr: {
      pitch: "prêt pour les trajets quotidiens, les courses et les balades tranquilles du week-end",
      ride: "une position droite et confortable",
      type: "vélo de ville/hybride",
    },
    de: {
      pitch: "bereit für den Arbeitsweg, Besorgungen und entspannte Wochenendtouren",
      ride: "eine aufrechte, bequeme Sitzposition",
      type: "City-/Trekkingrad",
    },
  },
  kids: {
    en: {
      pitch: "sized for young riders learning, racing and jumping",
      ride: "a light, easy-to-handle bike that grows their confidence",
      type: "kids/bmx",
    },
    fr: {
      pitch: "à la taille des jeunes cyclistes qui apprennent, font la course et sautent",
      ride: "un vélo léger et maniable qui leur donne confiance",
      type: "vélo enfant/BMX",
    },
    de: {
      pitch: "in der Größe für junge Fahrer, die lernen, Rennen fahren und springen",
      ride: "ein leichtes, wendiges Rad, das ihr Selbstvertrauen stärkt",
      type: "Kinderrad/BMX",
    },
  },
};

/** What the seed describes each type of bicycle with, in English (see `sampleDescriptions`). */
export function typePitch(bodyType: BodyType): { pitch: string; ride: string } {
  return PITCH[bodyType].en;
}

const LOREM =
  "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.</p>";

const SPEC_WORDS: Record<Locale, [frame: string, suspension: string, brakes: string, drivetrain: string]> = {
  en: ["Frame", "Suspension", "Brakes", "Drivetrain"],
  fr: ["Cadre", "Suspension", "Freins", "Transmission"],
  de: ["Rahmen", "Federung", "Bremsen", "Antrieb"],
};

/** The sample descriptions of a bicycle (short and long, HTML) in `locale`, from its name, type and specs. */
export function sampleDescriptions(
  name: string,
  bodyType: BodyType,
  info: Record<string, string | undefined>,
  locale: Locale,
): { short: string; long: string } {
  const { pitch, ride, type } = PITCH[bodyType][locale];
  const v = (code: string) => infoValue(code, info[code] ?? "", locale) ?? "";
  const [frameWord, suspensionWord, brakesWord, drivetrainWord] = SPEC_WORDS[locale];
  const specs = `<ul><li>${frameWord}: ${v("frame")}</li><li>${suspensionWord}: ${v("suspension")}</li><li>${brakesWord}: ${v("brake")}</li><li>${drivetrainWord}: ${v("gears")}</li></ul>`;
  const tyres = info.tyre_size ?? "";
  if (locale === "fr")
    return {
      short: `<p>Le ${name} est un ${type} ${pitch}.</p>`,
      long: `<p>Le ${name} est ${pitch}. Son cadre en ${v("frame").toLowerCase()} et ses pneus de ${tyres} offrent ${ride}.</p>${specs}${LOREM}`,
    };
  if (locale === "de")
    return {
      short: `<p>Das ${name} ist ein ${type}, ${pitch}.</p>`,
      long: `<p>Das ${name} ist ${pitch}. Rahmen aus ${v("frame")} und Reifen in ${tyres} bieten ${ride}.</p>${specs}${LOREM}`,
    };
  return {
    short: `<p>The ${name} is a ${type} bike ${pitch}.</p>`,
    long: `<p>The ${name} is ${pitch}. Its ${(info.frame ?? "").toLowerCase()} frame and ${tyres} tyres give ${ride}.</p>${specs}${LOREM}`,
  };
}

/**
 * A product's descriptions in `locale`: the sample's translation where the stored text is still the sample's
 * English one (built again from the row's name, type and specs), else the stored text.
 */
export function productTexts(
  row: { name: string; body_type: string; short_description: string; description: string },
  info: Record<string, string | undefined>,
  locale: Locale,
): { short: string; long: string } {
  const stored = { short: row.short_description, long: row.description };
  if (locale === "en" || !(row.body_type in PITCH)) return stored;
  const bodyType = row.body_type as BodyType;
  const english = sampleDescriptions(row.name, bodyType, info, "en");
  const translated = sampleDescriptions(row.name, bodyType, info, locale);
  return {
    short: stored.short === english.short ? translated.short : stored.short,
    long: stored.long === english.long ? translated.long : stored.long,
  };
}

/** A category's name in `locale` (for a view that carries only the name). */
export function categoryNameIn(name: string, locale: Locale): string {
  return categoryName(name, locale);
}
