import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { useRecentlyViewed } from "../hooks/use-recently-viewed";
import type { RecentProduct } from "../utils/recent-list";
import "./recently-viewed.css";

/**
 * The "Recently viewed" row: products opened on this device (IndexedDB, offline too). On a product page it
 * records that product and shows the others.
 */
export function RecentlyViewed({ current }: { current?: RecentProduct }) {
  const { t } = useLingui();
  const products = useRecentlyViewed(current);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="recently-viewed" data-testid="recently-viewed">
      <h2 id="recently-viewed" className="ui-h2 recently-viewed__title">
        {t`Recently viewed`}
      </h2>
      <ul className="recently-viewed__list">
        {products.map((p) => (
          <li key={p.id}>
            <Link to="/product/$urlKey" params={{ urlKey: p.urlKey }} className="recently-viewed__link">
              <div className="recently-viewed__picture">
                {p.image && <img src={p.image} alt="" width={160} height={120} loading="lazy" />}
              </div>
              <p className="ui-body2 recently-viewed__name">{p.name}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
