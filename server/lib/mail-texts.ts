import type { Locale } from "../../src/i18n/locale";

/**
 * The e-mails' texts in the storefront's three languages, chosen by the request's language as the server
 * renderer picks it (`requestLocale`: the `lang` cookie, else Accept-Language, else English). Plain text;
 * every value put into them is the server's own (a formatted amount, a link this server built) or the
 * shopper's own text going back to them or to the shop.
 */
export interface OrderLine {
  name: string;
  /** "Blue / M", or "" */
  options: string;
  qty: number;
  total: string;
}

export interface OrderSummary {
  id: string;
  name: string;
  lines: OrderLine[];
  subTotal: string;
  discount: string | null;
  shipping: string;
  tax: string;
  grandTotal: string;
  shippingTitle: string;
  paymentTitle: string;
  address: string;
  link: string;
}

interface Texts {
  resetSubject: string;
  reset: (name: string, link: string) => string;
  orderSubject: (id: string) => string;
  order: (o: OrderSummary) => string;
  confirmSubject: string;
  confirm: (link: string) => string;
}

const SHOP = "Bicycle Shop";

const en: Texts = {
  resetSubject: `Reset your ${SHOP} password`,
  reset: (name, link) =>
    `Hello ${name},\n\n` +
    `someone, hopefully you, asked to reset the password of your ${SHOP} account. ` +
    `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
    `The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
  orderSubject: (id) => `Your ${SHOP} order #${id}`,
  order: (o) =>
    `Hello ${o.name},\n\nthank you for your order #${o.id}. This is what you ordered:\n\n` +
    lines(o) +
    `\nSubtotal: ${o.subTotal}\n` +
    (o.discount ? `Discount: -${o.discount}\n` : "") +
    `Delivery (${o.shippingTitle}): ${o.shipping}\nTax: ${o.tax}\nGrand total: ${o.grandTotal}\n\n` +
    `Payment: ${o.paymentTitle}\nDelivery to:\n${o.address}\n\n` +
    `Your order, as the shop shows it: ${o.link}\n`,
  confirmSubject: `Confirm your ${SHOP} newsletter sign-up`,
  confirm: (link) =>
    `Hello,\n\nplease confirm that you want the ${SHOP} newsletter at this address by opening this link:\n\n` +
    `${link}\n\nIf you did not sign up, ignore this e-mail: you will not hear from us.\n`,
};

const fr: Texts = {
  resetSubject: `Réinitialiser votre mot de passe ${SHOP}`,
  reset: (name, link) =>
    `Bonjour ${name},\n\n` +
    `quelqu'un, sans doute vous, a demandé à réinitialiser le mot de passe de votre compte ${SHOP}. ` +
    `Ouvrez ce lien dans l'heure pour choisir un nouveau mot de passe :\n\n${link}\n\n` +
    `Le lien ne sert qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail : ` +
    `votre mot de passe reste le même.\n`,
  orderSubject: (id) => `Votre commande ${SHOP} n° ${id}`,
  order: (o) =>
    `Bonjour ${o.name},\n\nmerci pour votre commande n° ${o.id}. Voici ce que vous avez commandé :\n\n` +
    lines(o) +
    `\nSous-total : ${o.subTotal}\n` +
    (o.discount ? `Remise : -${o.discount}\n` : "") +
    `Livraison (${o.shippingTitle}) : ${o.shipping}\nTaxes : ${o.tax}\nTotal : ${o.grandTotal}\n\n` +
    `Paiement : ${o.paymentTitle}\nLivraison à :\n${o.address}\n\n` +
    `Votre commande, telle que la boutique l'affiche : ${o.link}\n`,
  confirmSubject: `Confirmez votre inscription à la newsletter ${SHOP}`,
  confirm: (link) =>
    `Bonjour,\n\nconfirmez que vous souhaitez recevoir la newsletter ${SHOP} à cette adresse ` +
    `en ouvrant ce lien :\n\n${link}\n\n` +
    `Si vous ne vous êtes pas inscrit, ignorez cet e-mail : vous n'aurez pas de nos nouvelles.\n`,
};

const de: Texts = {
  resetSubject: `Ihr ${SHOP}-Passwort zurücksetzen`,
  reset: (name, link) =>
    `Hallo ${name},\n\n` +
    `jemand, hoffentlich Sie, hat das Zurücksetzen des Passworts Ihres ${SHOP}-Kontos angefordert. ` +
    `Öffnen Sie innerhalb einer Stunde diesen Link, um ein neues Passwort zu wählen:\n\n${link}\n\n` +
    `Der Link funktioniert einmal. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail: ` +
    `Ihr Passwort bleibt, wie es ist.\n`,
  orderSubject: (id) => `Ihre ${SHOP}-Bestellung Nr. ${id}`,
  order: (o) =>
    `Hallo ${o.name},\n\nvielen Dank für Ihre Bestellung Nr. ${o.id}. Das haben Sie bestellt:\n\n` +
    lines(o) +
    `\nZwischensumme: ${o.subTotal}\n` +
    (o.discount ? `Rabatt: -${o.discount}\n` : "") +
    `Versand (${o.shippingTitle}): ${o.shipping}\nSteuer: ${o.tax}\nGesamtsumme: ${o.grandTotal}\n\n` +
    `Zahlung: ${o.paymentTitle}\nLieferung an:\n${o.address}\n\n` +
    `Ihre Bestellung, wie der Shop sie zeigt: ${o.link}\n`,
  confirmSubject: `Bestätigen Sie Ihre Anmeldung zum ${SHOP}-Newsletter`,
  confirm: (link) =>
    `Hallo,\n\nbitte bestätigen Sie, dass Sie den ${SHOP}-Newsletter an diese Adresse erhalten möchten, ` +
    `indem Sie diesen Link öffnen:\n\n${link}\n\n` +
    `Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail: Sie hören nicht mehr von uns.\n`,
};

function lines(o: OrderSummary): string {
  return o.lines
    .map((l) => `${l.qty} × ${l.name}${l.options ? ` (${l.options})` : ""}: ${l.total}\n`)
    .join("");
}

export const MAIL_TEXTS: Record<Locale, Texts> = { en, fr, de };

/** The shop's notice of a contact request (to SHOP_EMAIL, in English: the shop's own language). */
export function contactNotice(r: {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  language: Locale;
}): { subject: string; text: string } {
  return {
    subject: `Contact request: ${oneLine(r.subject || r.message).slice(0, 80)}`,
    text:
      `A shopper wrote through the contact form.\n\n` +
      `Name: ${oneLine(r.name)}\nE-mail: ${oneLine(r.email)}\n` +
      (r.phone ? `Phone: ${oneLine(r.phone)}\n` : "") +
      (r.subject ? `Subject: ${oneLine(r.subject)}\n` : "") +
      `Language: ${r.language}\n\n${r.message}\n\n` +
      `Reply to this e-mail to answer them.\n`,
  };
}

/** A header-safe line: no line breaks (nodemailer encodes headers; this keeps the subject one line). */
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, " ").trim();
}
