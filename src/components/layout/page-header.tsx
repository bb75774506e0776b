import Breadcrumbs from "@mui/material/Breadcrumbs";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { RouterLink } from "@/components/router-links";
import type { ReactNode } from "react";
import { usePageMeta } from "@/hooks/use-page-meta";

export interface Crumb {
  label: string;
  to?: string;
}

/** The page title with its breadcrumb trail (Home > … > current page). */
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
  return (
    <Container component="header" sx={{ py: { xs: 2, md: 3 } }}>
      <Breadcrumbs aria-label={t`Breadcrumb`} sx={{ mb: 1 }}>
        <RouterLink to="/" color="inherit">
          {t`Home`}
        </RouterLink>
        {crumbs.map((c) =>
          c.to ? (
            <RouterLink key={c.label} to={c.to} color="inherit">
              {c.label}
            </RouterLink>
          ) : null,
        )}
        <Typography color="text.primary" aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1">{title}</Typography>
      {children}
    </Container>
  );
}
