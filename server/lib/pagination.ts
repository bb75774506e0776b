export interface PageRequest {
  page: number;
  limit: number;
  limitRaw?: string;
}

/** Laravel LengthAwarePaginator envelope (bagisto-api.md §1). */
export function paginate<T>(url: string, items: T[], total: number, req: PageRequest) {
  // `url` is the PUBLIC_ORIGIN's absolute address or a path: never the request's Host (review L4).
  const u = new URL(url, "http://path.invalid");
  const path = `${/^https?:\/\//.test(url) ? u.origin : ""}${u.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / req.limit));
  const pageUrl = (p: number) => {
    const q = new URLSearchParams(u.search);
    q.delete("token");
    q.set("page", String(p));
    return `${path}?${q.toString()}`;
  };
  const from = items.length ? (req.page - 1) * req.limit + 1 : null;
  const to = from === null ? null : from + items.length - 1;
  const links = [
    { url: req.page > 1 ? pageUrl(req.page - 1) : null, label: "&laquo; Previous", active: false },
  ];
  const windowStart = Math.max(1, req.page - 3);
  const windowEnd = Math.min(lastPage, req.page + 3);
  for (let p = windowStart; p <= windowEnd; p++)
    links.push({ url: pageUrl(p), label: String(p), active: p === req.page });
  links.push({
    url: req.page < lastPage ? pageUrl(req.page + 1) : null,
    label: "Next &raquo;",
    active: false,
  });
  return {
    data: items,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: req.page > 1 ? pageUrl(req.page - 1) : null,
      next: req.page < lastPage ? pageUrl(req.page + 1) : null,
    },
    meta: {
      current_page: req.page,
      from,
      last_page: lastPage,
      path,
      per_page: req.limitRaw ?? req.limit,
      to,
      total,
      links,
    },
  };
}

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(",");

/**
 * The same envelope around items that are already JSON bytes (cached product JSON), as bytes: the reply
 * goes to the socket without being turned into a string and encoded again.
 */
export function paginateBytes(
  url: string,
  items: Buffer[],
  total: number,
  req: PageRequest,
): Uint8Array<ArrayBuffer> {
  const { data: _d, ...rest } = paginate(url, items, total, req);
  const parts: Buffer[] = [DATA_OPEN];
  items.forEach((item, i) => {
    if (i) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
  // Buffer.concat copies into a fresh, unshared ArrayBuffer.
  return Buffer.concat(parts) as Uint8Array<ArrayBuffer>;
}
