import { afterEach, describe, expect, it, vi } from "vitest";
import {
  aboutReplySchema,
  bannerListReplySchema,
  blogPostReplySchema,
  brandListReplySchema,
} from "./contract/content";
import { listBlogPosts, reshapeAbout, reshapeBanner, reshapeBlogPost, reshapeBrand } from "./content";

/*
 * Banners, brands, the blog and the about page are our server's endpoints (Bagisto 1.3 has none of them,
 * bagisto-compat.md §3): their replies are read as ours sends them, and with the optional keys left out.
 */

describe("reshapeBanner", () => {
  it("reads our promo banner: price as a number, image_url as image", () => {
    const reply = bannerListReplySchema.parse({
      data: [
        {
          id: 4,
          type: "promo",
          title: "Trail week",
          subtitle: "All mountain bikes",
          price: "499.0000",
          formated_price: "$499.00",
          link: "/catalog/mountain-bikes",
          path: "banners/4.jpg",
          image_url: "/storage/banners/4.jpg",
          position: 2,
        },
        {
          id: 1,
          type: "slider",
          title: "Ride",
          subtitle: "",
          price: null,
          link: "/shop",
          path: "b.jpg",
          image_url: "/b.jpg",
        },
      ],
    });
    expect(reshapeBanner(reply.data[0]!)).toEqual({
      id: 4,
      type: "promo",
      title: "Trail week",
      subtitle: "All mountain bikes",
      price: 499,
      link: "/catalog/mountain-bikes",
      image: "/storage/banners/4.jpg",
      position: 2,
    });
    expect(reshapeBanner(reply.data[1]!)).toMatchObject({ price: null, position: 0, image: "/b.jpg" });
  });
});

describe("reshapeBrand", () => {
  it("reads a brand with and without its slug", () => {
    const reply = brandListReplySchema.parse({
      data: [
        { id: 1, name: "Velora", slug: "velora", image: "/brands/velora.svg" },
        { id: 2, name: "Ridge", image: "/brands/ridge.svg" },
      ],
    });
    expect(reply.data.map(reshapeBrand)).toEqual([
      { id: 1, name: "Velora", slug: "velora", image: "/brands/velora.svg" },
      { id: 2, name: "Ridge", slug: null, image: "/brands/ridge.svg" },
    ]);
  });
});

describe("reshapeAbout", () => {
  it("reads counters, team photos as image and missing blocks as none", () => {
    const reply = aboutReplySchema.parse({
      data: {
        counters: [
          { id: 1, label: "Years", value: 12 },
          { id: 2, label: "Customers", value: 5000, suffix: "+" },
        ],
        team: [{ id: 3, name: "Ana", role: "Mechanic", image_url: "/team/ana.jpg" }],
      },
    });
    expect(reshapeAbout(reply.data)).toEqual({
      counters: [
        { id: 1, label: "Years", value: 12, suffix: "" },
        { id: 2, label: "Customers", value: 5000, suffix: "+" },
      ],
      team: [{ id: 3, name: "Ana", role: "Mechanic", image: "/team/ana.jpg" }],
      blocks: [],
    });
  });
});

const wirePost = {
  id: 9,
  slug: "first-ride",
  title: "First ride",
  excerpt: "Getting started",
  author: "Ana",
  tags: ["tips"],
  image_url: "/blog/first.jpg",
  published_at: "2026-03-01T10:00:00.000Z",
};

describe("reshapeBlogPost", () => {
  it("reads a post with its HTML and date, wire names gone", () => {
    const reply = blogPostReplySchema.parse({
      data: { ...wirePost, category: "Guides", html_content: "<p>Go</p>" },
    });
    const post = reshapeBlogPost(reply.data);
    expect(post).toEqual({
      id: 9,
      slug: "first-ride",
      title: "First ride",
      excerpt: "Getting started",
      html: "<p>Go</p>",
      author: "Ana",
      category: "Guides",
      tags: ["tips"],
      image: "/blog/first.jpg",
      publishedAt: "2026-03-01T10:00:00.000Z",
    });
    expect(post).not.toHaveProperty("image_url");
  });
});

describe("listBlogPosts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the posts and the page numbers of the reply, and one page when it sends no meta", async () => {
    const replies = [
      {
        data: [wirePost],
        meta: { current_page: 2, from: 7, last_page: 3, path: "/api/blog", per_page: 6, to: 7, total: 13 },
      },
      { data: [wirePost] },
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(replies.shift()), { headers: { "content-type": "application/json" } }),
      ),
    );
    const page = await listBlogPosts(2, 6, "fr");
    expect(page).toMatchObject({ page: 2, lastPage: 3, total: 13 });
    expect(page.posts[0]).toMatchObject({ slug: "first-ride", html: "", category: null });
    expect(await listBlogPosts(1, 6, "en")).toMatchObject({ page: 1, lastPage: 1, total: 1 });
  });
});
