import type { Locale } from "../../src/i18n/locale";
import {
  FLAT_RATE_SHIPPING,
  formatMoney,
  FREE_DELIVERY_USD,
  SERVER_MONEY_FORMAT,
} from "../../src/api/contract/money";

/**
 * The sample shop's content pages (`page/{slug}`) in English, French and German (decision 051). The seed
 * stores the English; a reply in another language gives the page's translation while the stored page is still
 * the sample's English one (`pageIn`).
 */
type PageTexts = { url_key: string; page_title: string; meta_title: string; html_content: string };

// The shop's one postal address, as the footer and the contact page give it (src/utils/shop-info.ts).
const ADDRESS = "<p>Velora Bicycles, 12 Canal Street, Bengaluru 560001, Karnataka, India</p>";

const ENGLISH: PageTexts[] = [
  {
    url_key: "about-us",
    page_title: "About Us",
    meta_title: "About our bicycle workshop",
    html_content: `<h2>Fifty years of building bicycles</h2><p>We started in 1976 as a two-person repair shop and today design mountain, road, fat, city and kids' bikes ridden by more than 100,000 customers.</p><h3>What we believe</h3><ul><li>Every bike is test-ridden before it leaves the workshop.</li><li>Spare parts stay available for at least ten years.</li><li>Free first service within 60 days of delivery.</li></ul><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam.</p>${ADDRESS}`,
  },
  {
    url_key: "privacy-policy",
    page_title: "Privacy Policy",
    meta_title: "Privacy Policy",
    html_content: `<h2>Privacy Policy</h2><p>Last updated: 1 November 2026.</p><h3>What we collect</h3><p>Your name, e-mail address, phone number and delivery addresses when you create an account or place an order.</p><h3>How we use it</h3><ul><li>To deliver your order and keep you informed about it.</li><li>To answer your contact requests.</li><li>To send the newsletter, only if you subscribed.</li></ul><h3>Your rights</h3><p>You can ask for a copy of your data or its deletion at any time by writing to privacy@bicycle-shop.example.</p>`,
  },
  {
    url_key: "terms",
    page_title: "Terms & Conditions",
    meta_title: "Terms & Conditions",
    html_content: `<h2>Terms &amp; Conditions</h2><p>These terms apply to every order placed in this shop.</p><ol><li><strong>Prices</strong> include GST at 18% unless stated otherwise.</li><li><strong>Returns</strong> are accepted within 30 days for unused bicycles in their original packaging.</li><li><strong>Warranty</strong>: frames carry a five-year warranty, components two years.</li></ol><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nulla quis sem at nibh elementum imperdiet.</p>`,
  },
  {
    url_key: "shipping",
    page_title: "Shipping & Delivery",
    meta_title: "Shipping & Delivery",
    html_content: `<h2>Shipping &amp; Delivery</h2><p>Bicycles ship 90% assembled in a recyclable box with the tools you need.</p><table><thead><tr><th>Method</th><th>Time</th><th>Cost</th></tr></thead><tbody><tr><td>Flat rate</td><td>3-5 working days</td><td>${formatMoney(FLAT_RATE_SHIPPING, SERVER_MONEY_FORMAT)}</td></tr><tr><td>Free shipping</td><td>3-5 working days</td><td>Orders over ${formatMoney(FREE_DELIVERY_USD, { ...SERVER_MONEY_FORMAT, currency: "USD" })}</td></tr></tbody></table><p>You will receive a tracking link by e-mail when your bike leaves the workshop.</p>`,
  },
];

const FLAT = formatMoney(FLAT_RATE_SHIPPING, SERVER_MONEY_FORMAT);
const FREE = formatMoney(FREE_DELIVERY_USD, { ...SERVER_MONEY_FORMAT, currency: "USD" });

const FRENCH: PageTexts[] = [
  {
    url_key: "about-us",
    page_title: "À propos",
    meta_title: "À propos de notre atelier de vélos",
    html_content: `<h2>Cinquante ans à construire des vélos</h2><p>Nous avons commencé en 1976 comme atelier de réparation à deux et concevons aujourd'hui des VTT, des vélos de route, des fat bikes, des vélos de ville et des vélos pour enfants, utilisés par plus de 100 000 clients.</p><h3>Ce en quoi nous croyons</h3><ul><li>Chaque vélo est essayé avant de quitter l'atelier.</li><li>Les pièces détachées restent disponibles au moins dix ans.</li><li>Première révision gratuite dans les 60 jours suivant la livraison.</li></ul><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam.</p>${ADDRESS}`,
  },
  {
    url_key: "privacy-policy",
    page_title: "Politique de confidentialité",
    meta_title: "Politique de confidentialité",
    html_content: `<h2>Politique de confidentialité</h2><p>Dernière mise à jour : 1er novembre 2026.</p><h3>Ce que nous collectons</h3><p>Vos nom, adresse e-mail, numéro de téléphone et adresses de livraison lorsque vous créez un compte ou passez une commande.</p><h3>Comment nous l'utilisons</h3><ul><li>Pour livrer votre commande et vous en tenir informé.</li><li>Pour répondre à vos demandes de contact.</li><li>Pour envoyer la newsletter, seulement si vous y êtes abonné.</li></ul><h3>Vos droits</h3><p>Vous pouvez demander une copie de vos données ou leur suppression à tout moment en écrivant à privacy@bicycle-shop.example.</p>`,
  },
  {
    url_key: "terms",
    page_title: "Conditions générales",
    meta_title: "Conditions générales",
    html_content: `<h2>Conditions générales</h2><p>Ces conditions s'appliquent à toute commande passée dans cette boutique.</p><ol><li><strong>Les prix</strong> incluent la GST de 18 % sauf mention contraire.</li><li><strong>Les retours</strong> sont acceptés sous 30 jours pour les vélos non utilisés dans leur emballage d'origine.</li><li><strong>Garantie</strong> : les cadres sont garantis cinq ans, les composants deux ans.</li></ol><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nulla quis sem at nibh elementum imperdiet.</p>`,
  },
  {
    url_key: "shipping",
    page_title: "Expédition et livraison",
    meta_title: "Expédition et livraison",
    html_content: `<h2>Expédition et livraison</h2><p>Les vélos sont expédiés montés à 90 % dans un carton recyclable avec les outils nécessaires.</p><table><thead><tr><th>Mode</th><th>Délai</th><th>Prix</th></tr></thead><tbody><tr><td>Forfait</td><td>3 à 5 jours ouvrés</td><td>${FLAT}</td></tr><tr><td>Livraison gratuite</td><td>3 à 5 jours ouvrés</td><td>Commandes de plus de ${FREE}</td></tr></tbody></table><p>Vous recevrez un lien de suivi par e-mail lorsque votre vélo quittera l'atelier.</p>`,
  },
];

const GERMAN: PageTexts[] = [
  {
    url_key: "about-us",
    page_title: "Über uns",
    meta_title: "Über unsere Fahrradwerkstatt",
    html_content: `<h2>Fünfzig Jahre Fahrradbau</h2><p>Wir haben 1976 als Reparaturwerkstatt zu zweit angefangen und entwerfen heute Mountainbikes, Rennräder, Fatbikes, Stadt- und Kinderräder, die mehr als 100.000 Kundinnen und Kunden fahren.</p><h3>Woran wir glauben</h3><ul><li>Jedes Rad wird Probe gefahren, bevor es die Werkstatt verlässt.</li><li>Ersatzteile bleiben mindestens zehn Jahre lieferbar.</li><li>Kostenlose erste Inspektion innerhalb von 60 Tagen nach der Lieferung.</li></ul><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam.</p>${ADDRESS}`,
  },
  {
    url_key: "privacy-policy",
    page_title: "Datenschutzerklärung",
    meta_title: "Datenschutzerklärung",
    html_content: `<h2>Datenschutzerklärung</h2><p>Zuletzt aktualisiert: 1. November 2026.</p><h3>Was wir erheben</h3><p>Ihren Namen, Ihre E-Mail-Adresse, Telefonnummer und Lieferadressen, wenn Sie ein Konto anlegen oder bestellen.</p><h3>Wofür wir sie nutzen</h3><ul><li>Um Ihre Bestellung zu liefern und Sie darüber zu informieren.</li><li>Um Ihre Kontaktanfragen zu beantworten.</li><li>Um den Newsletter zu senden, nur wenn Sie ihn abonniert haben.</li></ul><h3>Ihre Rechte</h3><p>Sie können jederzeit eine Kopie Ihrer Daten oder deren Löschung verlangen, per E-Mail an privacy@bicycle-shop.example.</p>`,
  },
  {
    url_key: "terms",
    page_title: "Allgemeine Geschäftsbedingungen",
    meta_title: "Allgemeine Geschäftsbedingungen",
    html_content: `<h2>Allgemeine Geschäftsbedingungen</h2><p>Diese Bedingungen gelten für jede Bestellung in diesem Shop.</p><ol><li><strong>Preise</strong> enthalten 18 % GST, sofern nicht anders angegeben.</li><li><strong>Rücksendungen</strong> werden innerhalb von 30 Tagen für unbenutzte Räder in der Originalverpackung angenommen.</li><li><strong>Garantie</strong>: fünf Jahre auf Rahmen, zwei Jahre auf Komponenten.</li></ol><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nulla quis sem at nibh elementum imperdiet.</p>`,
  },
  {
    url_key: "shipping",
    page_title: "Versand und Lieferung",
    meta_title: "Versand und Lieferung",
    html_content: `<h2>Versand und Lieferung</h2><p>Die Räder werden zu 90 % montiert in einem recycelbaren Karton mit dem nötigen Werkzeug verschickt.</p><table><thead><tr><th>Versandart</th><th>Dauer</th><th>Kosten</th></tr></thead><tbody><tr><td>Pauschal</td><td>3–5 Werktage</td><td>${FLAT}</td></tr><tr><td>Kostenloser Versand</td><td>3–5 Werktage</td><td>Bestellungen über ${FREE}</td></tr></tbody></table><p>Sie erhalten einen Link zur Sendungsverfolgung per E-Mail, sobald Ihr Rad die Werkstatt verlässt.</p>`,
  },
];

export const SAMPLE_PAGES: Record<Locale, PageTexts[]> = { en: ENGLISH, fr: FRENCH, de: GERMAN };

/** A stored page in `locale`: the sample's translation while the stored page is still the sample's English one. */
export function pageIn<
  P extends Omit<PageTexts, "meta_title"> & { meta_title: string | null; meta_description: string | null },
>(row: P, locale: Locale): P {
  if (locale === "en") return row;
  const i = ENGLISH.findIndex((p) => p.url_key === row.url_key);
  const english = ENGLISH[i];
  const translated = SAMPLE_PAGES[locale][i];
  if (!english || !translated) return row;
  const same = (k: keyof PageTexts) => row[k] === english[k];
  return {
    ...row,
    page_title: same("page_title") ? translated.page_title : row.page_title,
    meta_title: same("meta_title") ? translated.meta_title : row.meta_title,
    html_content: same("html_content") ? translated.html_content : row.html_content,
    // The seed's meta description is the page's title (seed.ts).
    meta_description:
      row.meta_description === english.page_title ? translated.page_title : row.meta_description,
  };
}
