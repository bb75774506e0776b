import { Hono } from "hono";
import {
  contactRequestSchema,
  subscribeConfirmRequestSchema,
  subscribeRequestSchema,
} from "../../src/api/contract/content";
import { randomToken, sha256 } from "../lib/crypto";
import { linkOrigin, requestLanguage } from "../lib/mail";
import { contactNotice, MAIL_TEXTS } from "../lib/mail-texts";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../lib/context";
import { HttpError, notFound, nowIso, readJson, zodErrors, linkUrl, publicCache } from "../lib/http";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";
import { paginate } from "../lib/pagination";
import { avatarSvg, bannerSvg, brandSvg, productSvg } from "../lib/svg";
import { BODY_TYPES, COLORS } from "../reference/attributes";
import { ABOUT_BLOCKS } from "../reference/about";
import { catalogLocale } from "../reference/catalog-texts";
import type { Locale } from "../../src/i18n/locale";
import { contentText, postHtml } from "../reference/content-texts";
import { pageIn } from "../reference/content-pages";
import {
  aboutRows,
  banners,
  blogPost,
  blogPosts,
  brands,
  insertContactRequest,
  pageByUrlKey,
  states,
  teamMember,
} from "../services/content";
import { awaitConfirmation, confirmSubscription, subscriber } from "../services/newsletter";

/** How long a newsletter confirmation link works; an unconfirmed sign-up is swept after it (lib/sweeps.ts). */
export const SUBSCRIBE_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SUBSCRIBE_CHECK_MAIL =
  "Thank you. Please open the link we have sent to your e-mail to confirm your subscription.";
export const SUBSCRIBED = "You are already subscribed to our newsletter.";
export const SUBSCRIBE_CONFIRMED = "Thank you for subscribing to our newsletter.";
export const SUBSCRIBE_LINK_INVALID =
  "This confirmation link is invalid or has expired. Please sign up again.";
export const SUBSCRIBE_UNAVAILABLE = "Newsletter sign-up is not available right now. Please try again later.";

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml",
  "Cache-Control": "public, max-age=604800",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

export function contentRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store } = d;

  r.get("/brands", async (c) => {
    publicCache(c);
    const rows = await brands(store);
    return c.json({
      data: rows.map((b) => ({
        id: b.id,
        name: b.name,
        slug: b.slug,
        image: `/api/images/brands/${b.slug}.svg`,
      })),
    });
  });

  r.get("/getbanner", async (c) => {
    const type = c.req.query("type");
    // Bagisto's `locale` (decision 051): the sample's texts in the language asked for.
    const locale = catalogLocale(c.req.query("locale"));
    publicCache(c);
    const rows = await banners(store, type === "slider" || type === "promo" ? type : undefined);
    return c.json({
      data: rows.map((b) => ({
        id: b.id,
        type: b.type,
        title: contentText(b.title, locale),
        subtitle: contentText(b.subtitle, locale),
        price: b.price,
        formated_price: b.price === null ? null : formatMoney(b.price, SERVER_MONEY_FORMAT),
        link: b.link,
        path: b.image,
        image_url: b.image,
        position: b.position,
      })),
    });
  });

  r.get("/page/:slug", async (c) => {
    const slug = c.req.param("slug");
    const page = slug.length <= 200 ? await pageByUrlKey(store, slug) : undefined;
    if (!page) return c.json({ data: null, error: "Resource Not Found" }, 404);
    publicCache(c);
    return c.json({ data: pageIn(page, catalogLocale(c.req.query("locale"))) });
  });

  r.get("/blog", async (c) => {
    const page = Math.max(1, Math.min(1000, Number(c.req.query("page") ?? 1) || 1));
    const limit = Math.max(1, Math.min(50, Number(c.req.query("limit") ?? 10) || 10));
    const { total, rows } = await blogPosts(store, page, limit);
    const locale = catalogLocale(c.req.query("locale"));
    publicCache(c);
    return c.json(
      paginate(
        linkUrl(c),
        rows.map(({ html_content: _h, ...p }) => blogView(p, locale)),
        total,
        { page, limit },
      ),
    );
  });

  r.get("/blog/:slug", async (c) => {
    const row = await blogPost(store, c.req.param("slug").slice(0, 200));
    if (!row) throw notFound();
    const locale = catalogLocale(c.req.query("locale"));
    publicCache(c);
    return c.json({
      data: { ...blogView(row, locale), html_content: postHtml(row.html_content, row.excerpt, locale) },
    });
  });

  r.get("/about", async (c) => {
    const locale = catalogLocale(c.req.query("locale"));
    publicCache(c);
    const { counters, team } = await aboutRows(store);
    return c.json({
      data: {
        counters: counters.map((x) => ({
          id: x.id,
          label: contentText(x.label, locale),
          value: x.value,
          suffix: x.suffix,
        })),
        team: team.map((t) => ({
          id: t.id,
          name: t.name,
          role: contentText(t.role, locale),
          image_url: t.image,
        })),
        blocks: ABOUT_BLOCKS.map((b) => ({
          title: contentText(b.title, locale),
          text: contentText(b.text, locale),
        })),
      },
    });
  });

  r.get("/statelist", async (c) => {
    const country = (c.req.query("country") ?? "").toUpperCase().slice(0, 2);
    const rows = await states(store, country || undefined);
    publicCache(c);
    return c.json({ data: rows });
  });
  r.get("/country-states", async (c) => {
    const rows = await states(store, undefined);
    const grouped: Record<string, unknown[]> = {};
    for (const s of rows) (grouped[s.country_code] ??= []).push(s);
    publicCache(c);
    return c.json({ data: grouped });
  });

  r.get("/exchange-rates", async (c) => {
    const base = (c.req.query("base") ?? "USD").toUpperCase();
    if (!/^[A-Z]{3}$/.test(base))
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { base: ["The base must be a 3-letter currency code."] },
      });
    await d.rates.fresh();
    const rates = d.rates.rebased(base);
    if (!rates)
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { base: ["Unknown currency."] },
      });
    c.header("Cache-Control", "public, max-age=300");
    return c.json(rates);
  });

  const limited = async (c: Ctx) => {
    const hit = await d.limiters.contact.take(clientIp(c));
    if (!hit.ok) {
      c.header("Retry-After", String(hit.retryAfter));
      throw new HttpError(429, { status: 429, message: "Too many requests, please try again later." });
    }
  };

  r.post("/contactrequest", async (c) => {
    await limited(c);
    const parsed = contactRequestSchema.safeParse(await readJson(c));
    if (!parsed.success)
      return c.json(
        { status: 422, message: "The given data was invalid.", errors: zodErrors(parsed.error) },
        422,
      );
    const b = parsed.data;
    // The shop hears of it (SHOP_EMAIL); a reply to the notice goes to the shopper. The notice is queued with
    // the request (decision 053): a mail that fails is tried again, and the request is stored either way.
    const shopEmail = d.mail.shopEmail;
    await store.tx(async () => {
      await insertContactRequest(
        store,
        {
          name: b.name,
          email: b.email,
          phone: b.phone ?? null,
          subject: b.subject ?? null,
          message: b.message,
        },
        nowIso(),
      );
      if (shopEmail) {
        const notice = contactNotice({
          ...b,
          phone: b.phone ?? null,
          subject: b.subject ?? null,
          language: requestLanguage(c),
        });
        await d.mail.post({ kind: "contact-notice", to: shopEmail, replyTo: b.email, ...notice });
      }
    });
    d.log.info("contact request stored", { email_domain: b.email.split("@")[1] });
    return c.json({ status: 200, message: "Thank you for contacting us. We will get back to you soon." });
  });

  // Double opt-in: an address is subscribed once the link mailed to it was opened. Until then it waits
  // unconfirmed; asking again mails a new link (a few per hour per address at most, the reply unchanged).
  r.post("/contactsubscribe", async (c) => {
    await limited(c);
    const parsed = subscribeRequestSchema.safeParse(await readJson(c));
    if (!parsed.success)
      return c.json(
        { status: 422, message: "The given data was invalid.", errors: zodErrors(parsed.error) },
        422,
      );
    if (!d.mail.mailer)
      return c.json({ status: 503, message: SUBSCRIBE_UNAVAILABLE, error: SUBSCRIBE_UNAVAILABLE }, 503);
    const email = parsed.data.email.toLowerCase();
    const existing = await subscriber(store, email);
    if (existing?.confirmed_at) return c.json({ status: 200, message: SUBSCRIBED });
    if (!(await d.limiters.mailPerAddress.take(`subscribe:${email}`)).ok)
      return c.json({ status: 200, message: SUBSCRIBE_CHECK_MAIL });
    const token = randomToken();
    const now = new Date();
    const pending = {
      confirm_token_hash: sha256(token),
      confirm_expires_at: new Date(now.getTime() + SUBSCRIBE_CONFIRM_TTL_MS).toISOString(),
    };
    const texts = MAIL_TEXTS[requestLanguage(c)];
    await store.tx(async () => {
      await awaitConfirmation(store, existing?.id ?? null, email, pending, now.toISOString());
      await d.mail.post({
        kind: "newsletter-confirm",
        to: email,
        subject: texts.confirmSubject,
        text: texts.confirm(`${linkOrigin(c)}/newsletter/confirm#token=${token}`),
      });
    });
    return c.json({ status: 200, message: SUBSCRIBE_CHECK_MAIL });
  });

  // The confirmation link's page posts its token here: the conditional update confirms once.
  r.post("/contactsubscribe/confirm", async (c) => {
    await limited(c);
    const parsed = subscribeConfirmRequestSchema.safeParse(await readJson(c));
    const refused = () =>
      c.json({ status: 422, message: SUBSCRIBE_LINK_INVALID, error: SUBSCRIBE_LINK_INVALID }, 422);
    if (!parsed.success) return refused();
    const now = nowIso();
    if (!(await confirmSubscription(store, sha256(parsed.data.token), now))) return refused();
    return c.json({ status: 200, message: SUBSCRIBE_CONFIRMED });
  });

  r.get("/images/products/:file", (c) => {
    const svg = productSvg(c.req.param("file"));
    if (!svg) throw notFound();
    return c.body(svg, 200, SVG_HEADERS);
  });

  r.get("/images/brands/:file", async (c) => {
    const slug = c.req.param("file").replace(/\.svg$/, "");
    const rows = await brands(store);
    const i = rows.findIndex((b) => b.slug === slug);
    if (i < 0) throw notFound();
    return c.body(brandSvg(rows[i]!.name, i), 200, SVG_HEADERS);
  });

  r.get("/images/banners/:file", (c) => {
    const m = /^(slider|promo)-([1-3])\.svg$/.exec(c.req.param("file"));
    if (!m) throw notFound();
    const n = Number(m[2]);
    const type = m[1] === "slider" ? BODY_TYPES[n - 1]! : (["city", "kids", "road"] as const)[n - 1]!;
    const color = COLORS[(n + (m[1] === "slider" ? 0 : 2)) % COLORS.length]!.name;
    return c.body(bannerSvg(m[1] as "slider" | "promo", n, type, color), 200, SVG_HEADERS);
  });

  r.get("/images/team/:file", async (c) => {
    const m = /^(\d{1,3})\.svg$/.exec(c.req.param("file"));
    const row = m ? await teamMember(store, Number(m[1])) : undefined;
    if (!row) throw notFound();
    const initials = row.name
      .split(/\s+/)
      .map((s) => s[0] ?? "")
      .join("")
      .slice(0, 2);
    return c.body(avatarSvg(initials, row.id), 200, SVG_HEADERS);
  });

  r.get("/images/blog/:file", (c) => {
    const m = /^(\d{1,3})\.svg$/.exec(c.req.param("file"));
    if (!m) throw notFound();
    const n = Number(m[1]);
    return c.body(
      bannerSvg("promo", n, BODY_TYPES[n % BODY_TYPES.length]!, COLORS[n % COLORS.length]!.name),
      200,
      SVG_HEADERS,
    );
  });

  return r;
}

function blogView(
  p: {
    id: number;
    slug: string;
    title: string;
    excerpt: string;
    author: string;
    category: string;
    tags_json: string;
    image: string;
    published_at: string;
  },
  locale: Locale,
) {
  return {
    id: p.id,
    slug: p.slug,
    title: contentText(p.title, locale),
    excerpt: contentText(p.excerpt, locale),
    author: p.author,
    category: contentText(p.category, locale),
    tags: (JSON.parse(p.tags_json) as string[]).map((t) => contentText(t, locale)),
    image_url: p.image,
    published_at: p.published_at,
  };
}
