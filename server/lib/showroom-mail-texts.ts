import type { Locale } from "../../src/i18n/locale";

/**
 * The showroom's mails (issue 40 item 4) in the storefront's three languages: a test ride's confirmation,
 * a back-in-stock request's confirmation, and the mail that says the size is back. Plain text; every value
 * is the shop's own (a product name, a size, a day, a slot, a link this server built).
 */
export interface ShowroomTexts {
  rideSubject: (product: string) => string;
  ride: (r: { product: string; size: string; date: string; slot: string }) => string;
  alertSubject: (product: string) => string;
  alert: (r: { product: string; size: string }) => string;
  backSubject: (product: string) => string;
  back: (r: { product: string; size: string; link: string }) => string;
}

const SHOP = "Bicycle Shop";

const en: ShowroomTexts = {
  rideSubject: (p) => `Your test ride of the ${p}`,
  ride: (r) =>
    `Hello,\n\nyour test ride is booked: the ${r.product} in size ${r.size.toUpperCase()}, ` +
    `on ${r.date} at ${r.slot}, in the ${SHOP} showroom.\n\nSee you then!\n`,
  alertSubject: (p) => `We will tell you when the ${p} is back`,
  alert: (r) =>
    `Hello,\n\nwe will write to you once the ${r.product} in size ${r.size.toUpperCase()} is back in stock.\n`,
  backSubject: (p) => `Your size of the ${p} is back`,
  back: (r) =>
    `Hello,\n\nthe ${r.product} in size ${r.size.toUpperCase()} is back in stock:\n\n${r.link}\n\n` +
    `We write this once; you will not hear from us again about it.\n`,
};

const fr: ShowroomTexts = {
  rideSubject: (p) => `Votre essai du ${p}`,
  ride: (r) =>
    `Bonjour,\n\nvotre essai est réservé : le ${r.product} en taille ${r.size.toUpperCase()}, ` +
    `le ${r.date} à ${r.slot}, dans la boutique ${SHOP}.\n\nÀ bientôt !\n`,
  alertSubject: (p) => `Nous vous préviendrons du retour du ${p}`,
  alert: (r) =>
    `Bonjour,\n\nnous vous écrirons dès que le ${r.product} en taille ${r.size.toUpperCase()} ` +
    `sera de nouveau en stock.\n`,
  backSubject: (p) => `Votre taille du ${p} est de retour`,
  back: (r) =>
    `Bonjour,\n\nle ${r.product} en taille ${r.size.toUpperCase()} est de nouveau en stock :\n\n${r.link}\n\n` +
    `Nous ne vous écrivons qu'une fois à ce sujet.\n`,
};

const de: ShowroomTexts = {
  rideSubject: (p) => `Ihre Probefahrt mit dem ${p}`,
  ride: (r) =>
    `Hallo,\n\nIhre Probefahrt ist gebucht: das ${r.product} in Größe ${r.size.toUpperCase()}, ` +
    `am ${r.date} um ${r.slot}, im ${SHOP}-Laden.\n\nBis dann!\n`,
  alertSubject: (p) => `Wir melden uns, wenn das ${p} wieder da ist`,
  alert: (r) =>
    `Hallo,\n\nwir schreiben Ihnen, sobald das ${r.product} in Größe ${r.size.toUpperCase()} ` +
    `wieder auf Lager ist.\n`,
  backSubject: (p) => `Ihre Größe des ${p} ist wieder da`,
  back: (r) =>
    `Hallo,\n\ndas ${r.product} in Größe ${r.size.toUpperCase()} ist wieder auf Lager:\n\n${r.link}\n\n` +
    `Wir schreiben Ihnen dazu nur dieses eine Mal.\n`,
};

export const SHOWROOM_TEXTS: Record<Locale, ShowroomTexts> = { en, fr, de };

/** A language stored with a request, as one of the mail languages (English when it is none). */
export function showroomTexts(language: string): ShowroomTexts {
  return language in SHOWROOM_TEXTS ? SHOWROOM_TEXTS[language as Locale] : en;
}
