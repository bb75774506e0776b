import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import type { LocaleCode } from "./contract/common";
import { apiFetch, ApiError, isMissingService, newIdempotencyKey } from "./client";
import {
  aboutReplySchema,
  bannerListReplySchema,
  blogListReplySchema,
  blogPostReplySchema,
  brandListReplySchema,
  pageReplySchema,
  type AboutReply,
  type Banner as WireBanner,
  type BlogPost as WireBlogPost,
  type Brand as WireBrand,
  type ContactRequest,
  type Page,
} from "./contract/content";
import { toAmount } from "./product";
import { pageOf, type PageInfo } from "./paging";

const CONTENT_STALE_TIME = 10 * 60 * 1000;

/** A home banner as the storefront reads it: a hero slide or one of the three promo banners. */
export interface Banner {
  id: number;
  type: "slider" | "promo";
  title: string;
  subtitle: string;
  /** the promo's price in the base currency, null when it shows none */
  price: number | null;
  /** where the banner leads (a storefront path) */
  link: string;
  /** the image URL */
  image: string;
  position: number;
}

export function reshapeBanner(wire: WireBanner): Banner {
  return {
    id: wire.id,
    type: wire.type,
    title: wire.title,
    subtitle: wire.subtitle,
    price: wire.price === null ? null : toAmount(wire.price),
    link: wire.link,
    image: wire.image_url,
    position: wire.position ?? 0,
  };
}

/** A brand logo. */
export interface Brand {
  id: number;
  name: string;
  slug: string | null;
  /** the logo's URL */
  image: string;
}

export function reshapeBrand(wire: WireBrand): Brand {
  return { id: wire.id, name: wire.name, slug: wire.slug ?? null, image: wire.image };
}

/** Home banners (GET getbanner): the hero slides and the three promo banners. */
export async function listBanners(locale: LocaleCode, signal?: AbortSignal): Promise<Banner[]> {
  const reply = await apiFetch("getbanner", {
    query: { locale },
    schema: bannerListReplySchema,
    auth: "none",
    signal,
  });
  return reply.data.map(reshapeBanner);
}

/** Brand logos (GET brands). */
export async function listBrands(signal?: AbortSignal): Promise<Brand[]> {
  const reply = await apiFetch("brands", { schema: brandListReplySchema, auth: "none", signal });
  return reply.data.map(reshapeBrand);
}

/** No content pages at all on this back end (a stock Bagisto has no `page/{slug}`), unlike one page missing. */
export const PAGES_UNAVAILABLE = "unavailable";

/** A content page as the storefront reads it: its title, its HTML (sanitised where shown) and its meta texts. */
export interface ContentPage {
  title: string;
  html: string;
  /** the browser title: meta_title, else the page title */
  metaTitle: string;
  /** the description: meta_description, else meta_title, else the page title */
  metaDescription: string;
}

export function reshapePage(wire: Page): ContentPage {
  const metaTitle = wire.meta_title || wire.page_title;
  return {
    title: wire.page_title,
    html: wire.html_content,
    metaTitle,
    metaDescription: wire.meta_description || metaTitle,
  };
}

/**
 * A content page (GET page/{slug}); null when the server has no such page (SPEC: show the 404 page);
 * PAGES_UNAVAILABLE when the back end has no pages: its 404 is not the pages service's (which says
 * `data: null`), or the call is refused outright.
 */
export async function getPage(
  slug: string,
  locale: LocaleCode,
  signal?: AbortSignal,
): Promise<ContentPage | null | typeof PAGES_UNAVAILABLE> {
  try {
    const reply = await apiFetch(`page/${encodeURIComponent(slug)}`, {
      query: { locale },
      schema: pageReplySchema,
      auth: "none",
      signal,
      throwOnErrorField: false,
    });
    return reply.data ? reshapePage(reply.data) : null;
  } catch (error) {
    if (!(error instanceof ApiError) || !isMissingService(error)) throw error;
    const body = error.body;
    const saysNoSuchPage =
      error.status === 404 && typeof body === "object" && body !== null && "data" in body;
    return saysNoSuchPage ? null : PAGES_UNAVAILABLE;
  }
}

/** The about page's counters (products, years, brands, customers), team and text blocks. */
export interface About {
  counters: { id: number; label: string; value: number; suffix: string }[];
  team: { id: number; name: string; role: string; /** the photo's URL */ image: string }[];
  blocks: { title: string; text: string }[];
}

export function reshapeAbout(wire: AboutReply["data"]): About {
  return {
    counters: wire.counters.map((c) => ({
      id: c.id,
      label: c.label,
      value: c.value,
      suffix: c.suffix ?? "",
    })),
    team: wire.team.map((m) => ({ id: m.id, name: m.name, role: m.role, image: m.image_url })),
    blocks: (wire.blocks ?? []).map((b) => ({ title: b.title, text: b.text })),
  };
}

/** Counters, team members and about blocks (GET about). */
export async function getAbout(locale: LocaleCode, signal?: AbortSignal): Promise<About> {
  const reply = await apiFetch("about", {
    query: { locale },
    schema: aboutReplySchema,
    auth: "none",
    signal,
  });
  return reshapeAbout(reply.data);
}

/** A blog post as the storefront reads it; `html` is "" in lists (only GET blog/{slug} sends it). */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** server HTML: sanitised where shown */
  html: string;
  author: string;
  category: string | null;
  tags: string[];
  /** the cover image's URL */
  image: string;
  /** ISO date and time of publication */
  publishedAt: string;
}

export function reshapeBlogPost(wire: WireBlogPost): BlogPost {
  return {
    id: wire.id,
    slug: wire.slug,
    title: wire.title,
    excerpt: wire.excerpt,
    html: wire.html_content ?? "",
    author: wire.author,
    category: wire.category ?? null,
    tags: wire.tags,
    image: wire.image_url,
    publishedAt: wire.published_at,
  };
}

/** A page of blog posts. */
export interface BlogPage extends PageInfo {
  posts: BlogPost[];
}

/** A page of blog posts (GET blog). */
export async function listBlogPosts(
  page: number,
  limit: number,
  locale: LocaleCode,
  signal?: AbortSignal,
): Promise<BlogPage> {
  const reply = await apiFetch("blog", {
    query: { page, limit, locale },
    schema: blogListReplySchema,
    auth: "none",
    signal,
  });
  return {
    posts: reply.data.map(reshapeBlogPost),
    ...pageOf(reply.meta, page, reply.data.length),
  };
}

/** One blog post with its HTML (GET blog/{slug}). */
export async function getBlogPost(slug: string, locale: LocaleCode, signal?: AbortSignal): Promise<BlogPost> {
  const reply = await apiFetch(`blog/${encodeURIComponent(slug)}`, {
    query: { locale },
    schema: blogPostReplySchema,
    auth: "none",
    signal,
  });
  return reshapeBlogPost(reply.data);
}

const contactReplySchema = z.lazy(() =>
  z.looseObject({
    status: z.optional(z.coerce.number()),
    message: z._default(z.optional(z.string()), ""),
  }),
);
export type ContactReplyRead = z.infer<typeof contactReplySchema>;

export interface ContactInput extends ContactRequest {
  idempotencyKey?: string;
}

/** Sends a contact request (POST contactrequest); the reply's status 200 means success (SPEC §8). */
export async function sendContactRequest({
  idempotencyKey,
  ...body
}: ContactInput): Promise<ContactReplyRead> {
  return apiFetch("contactrequest", {
    method: "POST",
    body,
    schema: contactReplySchema,
    auth: "none",
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
    throwOnErrorField: false,
  });
}

export const contentKeys = {
  all: ["content"] as const,
  /** in the shopper's language (decision 051), as the about reply */
  banners: (locale: LocaleCode) => [...contentKeys.all, locale, "banners"] as const,
  brands: () => [...contentKeys.all, "brands"] as const,
  about: (locale: LocaleCode) => [...contentKeys.all, locale, "about"] as const,
  pages: (locale: LocaleCode) => [...contentKeys.all, locale, "page"] as const,
  page: (slug: string, locale: LocaleCode) => [...contentKeys.pages(locale), slug] as const,
  blogLists: (locale: LocaleCode) => [...contentKeys.all, locale, "blog", "list"] as const,
  blogList: (page: number, limit: number, locale: LocaleCode) =>
    [...contentKeys.blogLists(locale), page, limit] as const,
  blogPost: (slug: string, locale: LocaleCode) => [...contentKeys.all, locale, "blog", "post", slug] as const,
  contact: () => [...contentKeys.all, "contact"] as const,
};

export const contentQueries = {
  banners: (locale: LocaleCode) =>
    queryOptions({
      queryKey: contentKeys.banners(locale),
      queryFn: ({ signal }) => listBanners(locale, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  brands: () =>
    queryOptions({
      queryKey: contentKeys.brands(),
      queryFn: ({ signal }) => listBrands(signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  about: (locale: LocaleCode) =>
    queryOptions({
      queryKey: contentKeys.about(locale),
      queryFn: ({ signal }) => getAbout(locale, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  page: (slug: string, locale: LocaleCode) =>
    queryOptions({
      queryKey: contentKeys.page(slug, locale),
      queryFn: ({ signal }) => getPage(slug, locale, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  blogList: (page: number, limit: number, locale: LocaleCode) =>
    queryOptions({
      queryKey: contentKeys.blogList(page, limit, locale),
      queryFn: ({ signal }) => listBlogPosts(page, limit, locale, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  blogPost: (slug: string, locale: LocaleCode) =>
    queryOptions({
      queryKey: contentKeys.blogPost(slug, locale),
      queryFn: ({ signal }) => getBlogPost(slug, locale, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
};

export const contentMutations = {
  contact: () =>
    mutationOptions({
      mutationKey: contentKeys.contact(),
      mutationFn: sendContactRequest,
      meta: { offline: true },
    }),
};
