import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, ApiError, isMissingService, newIdempotencyKey } from "./client";
import {
  aboutReplySchema,
  bannerListReplySchema,
  blogListReplySchema,
  blogPostReplySchema,
  brandListReplySchema,
  pageReplySchema,
  type AboutReply,
  type Banner,
  type BlogListReply,
  type BlogPostReply,
  type Brand,
  type ContactRequest,
  type Page,
} from "./contract/content";

const CONTENT_STALE_TIME = 10 * 60 * 1000;

/** Home banners (GET getbanner): the hero slides and the three promo banners. */
export async function listBanners(signal?: AbortSignal): Promise<Banner[]> {
  const reply = await apiFetch("getbanner", { schema: bannerListReplySchema, auth: "none", signal });
  return reply.data;
}

/** Brand logos (GET brands). */
export async function listBrands(signal?: AbortSignal): Promise<Brand[]> {
  const reply = await apiFetch("brands", { schema: brandListReplySchema, auth: "none", signal });
  return reply.data;
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
  signal?: AbortSignal,
): Promise<ContentPage | null | typeof PAGES_UNAVAILABLE> {
  try {
    const reply = await apiFetch(`page/${encodeURIComponent(slug)}`, {
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

/** Counters, team members and about blocks (GET about). */
export async function getAbout(signal?: AbortSignal): Promise<AboutReply["data"]> {
  const reply = await apiFetch("about", { schema: aboutReplySchema, auth: "none", signal });
  return reply.data;
}

/** A page of blog posts (GET blog). */
export async function listBlogPosts(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<BlogListReply> {
  return apiFetch("blog", { query: { page, limit }, schema: blogListReplySchema, auth: "none", signal });
}

/** One blog post with its HTML (GET blog/{slug}). */
export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPostReply["data"]> {
  const reply = await apiFetch(`blog/${encodeURIComponent(slug)}`, {
    schema: blogPostReplySchema,
    auth: "none",
    signal,
  });
  return reply.data;
}

const contactReplySchema = z.looseObject({
  status: z.coerce.number().optional(),
  message: z.string().optional().default(""),
});
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
  banners: () => [...contentKeys.all, "banners"] as const,
  brands: () => [...contentKeys.all, "brands"] as const,
  about: () => [...contentKeys.all, "about"] as const,
  pages: () => [...contentKeys.all, "page"] as const,
  page: (slug: string) => [...contentKeys.pages(), slug] as const,
  blogLists: () => [...contentKeys.all, "blog", "list"] as const,
  blogList: (page: number, limit: number) => [...contentKeys.blogLists(), page, limit] as const,
  blogPost: (slug: string) => [...contentKeys.all, "blog", "post", slug] as const,
  contact: () => [...contentKeys.all, "contact"] as const,
};

export const contentQueries = {
  banners: () =>
    queryOptions({
      queryKey: contentKeys.banners(),
      queryFn: ({ signal }) => listBanners(signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  brands: () =>
    queryOptions({
      queryKey: contentKeys.brands(),
      queryFn: ({ signal }) => listBrands(signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  about: () =>
    queryOptions({
      queryKey: contentKeys.about(),
      queryFn: ({ signal }) => getAbout(signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  page: (slug: string) =>
    queryOptions({
      queryKey: contentKeys.page(slug),
      queryFn: ({ signal }) => getPage(slug, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  blogList: (page = 1, limit = 10) =>
    queryOptions({
      queryKey: contentKeys.blogList(page, limit),
      queryFn: ({ signal }) => listBlogPosts(page, limit, signal),
      staleTime: CONTENT_STALE_TIME,
    }),
  blogPost: (slug: string) =>
    queryOptions({
      queryKey: contentKeys.blogPost(slug),
      queryFn: ({ signal }) => getBlogPost(slug, signal),
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
