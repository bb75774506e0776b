import type { Store } from "../db/store";

/** The shop's content: brands, banners, CMS pages, the blog, the About page's rows, states, contact requests. */

export async function brands(store: Store) {
  return await store.all(store.qb.selectFrom("brands").selectAll().orderBy("position"));
}

/** The banners in their order (`type`: only sliders or only promos). */
export async function banners(store: Store, type: "slider" | "promo" | undefined) {
  let q = store.qb.selectFrom("banners").selectAll().orderBy("position");
  if (type) q = q.where("type", "=", type);
  return await store.all(q);
}

export async function pageByUrlKey(store: Store, urlKey: string) {
  return await store.first(store.qb.selectFrom("pages").selectAll().where("url_key", "=", urlKey));
}

/** A page of blog posts, newest first, and how many there are. */
export async function blogPosts(store: Store, page: number, limit: number) {
  const total =
    (await store.first(store.qb.selectFrom("blog_posts").select((eb) => eb.fn.countAll<number>().as("n"))))
      ?.n ?? 0;
  const rows = await store.all(
    store.qb
      .selectFrom("blog_posts")
      .selectAll()
      .orderBy("published_at", "desc")
      .limit(limit)
      .offset((page - 1) * limit),
  );
  return { total, rows };
}

export async function blogPost(store: Store, slug: string) {
  return await store.first(store.qb.selectFrom("blog_posts").selectAll().where("slug", "=", slug));
}

/** The About page's counters and team, in their order. */
export async function aboutRows(store: Store) {
  const counters = await store.all(store.qb.selectFrom("counters").selectAll().orderBy("position"));
  const team = await store.all(store.qb.selectFrom("team_members").selectAll().orderBy("position"));
  return { counters, team };
}

export async function teamMember(store: Store, id: number) {
  return await store.first(store.qb.selectFrom("team_members").selectAll().where("id", "=", id));
}

/** The states by name (`country`: of that country only). */
export async function states(store: Store, country: string | undefined) {
  let q = store.qb.selectFrom("states").selectAll().orderBy("default_name");
  if (country) q = q.where("country_code", "=", country);
  return await store.all(q);
}

export async function insertContactRequest(
  store: Store,
  request: { name: string; email: string; phone: string | null; subject: string | null; message: string },
  now: string,
): Promise<void> {
  await store.run(store.qb.insertInto("contact_requests").values({ ...request, created_at: now }));
}
