import type { Store } from "../db/store";

/** What the sitemaps list: the shop's pages and every product, read in the order the files list them. */

export async function productCount(store: Store): Promise<number> {
  const [row] = await store.raw<{ n: number | string }>("select count(*) as n from products");
  return Number(row?.n ?? 0);
}

/** The menu's categories, the CMS pages and the blog posts (newest first). */
export async function pageEntries(store: Store) {
  const categories = await store.all(
    store.qb
      .selectFrom("categories")
      .select("slug")
      .where("status", "=", 1)
      .where("parent_id", "is not", null)
      .orderBy("position"),
  );
  const pages = await store.all(store.qb.selectFrom("pages").select("url_key").orderBy("url_key"));
  const posts = await store.all(
    store.qb.selectFrom("blog_posts").select("slug").orderBy("published_at", "desc"),
  );
  return { categories, pages, posts };
}

/** The url keys of one sitemap file's products (`part` from 1, `perFile` each), in id order. */
export async function productUrlKeys(store: Store, part: number, perFile: number) {
  return await store.all(
    store.qb
      .selectFrom("products")
      .select("url_key")
      .orderBy("id")
      .limit(perFile)
      .offset((part - 1) * perFile),
  );
}
