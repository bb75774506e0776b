import { Fragment, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageMeta } from "@/hooks/use-page-meta";
import "./page-header.css";

export interface Crumb {
  label: string;
  to?: string;
}

/** The page title with its breadcrumb trail (Home > … > current page), drawn as MUI's Breadcrumbs drew it. */
export function PageHeader({
  title,
  crumbs = [],
  description,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  /** The page's meta description. */
  description?: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  usePageMeta(title, description);
  const separator = (
    <li className="page-header__separator" aria-hidden="true">
      /
    </li>
  );
  return (
    <header className="ui-container page-header">
      <nav className="ui-body1 page-header__crumbs" aria-label={t`Breadcrumb`}>
        <ol className="page-header__trail">
          <li>
            <Link to="/" className="page-header__link">
              {t`Home`}
            </Link>
          </li>
          {crumbs.map((c) =>
            c.to ? (
              <Fragment key={c.label}>
                {separator}
                <li>
                  <Link to={c.to} className="page-header__link">
                    {c.label}
                  </Link>
                </li>
              </Fragment>
            ) : null,
          )}
          {separator}
          <li>
            <p className="ui-body1" aria-current="page">
              {title}
            </p>
          </li>
        </ol>
      </nav>
      <h1 className="ui-h1">{title}</h1>
      {children}
    </header>
  );
}
