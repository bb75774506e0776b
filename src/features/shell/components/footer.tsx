import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { RouterLink } from "@/components/router-links";
import { SHOP_INFO } from "@/utils/shop-info";
import { ScrollTopButton } from "@/components/layout/scroll-top-button";
import { SubscribeForm } from "./subscribe-form";

const linkSx = { color: "inherit", display: "block", py: 0.25 } as const;

/** The site footer; `canSubscribe` is false on the bicycle home page (SPEC §2). */
export function Footer({ canSubscribe }: { canSubscribe: boolean }) {
  const { t } = useLingui();
  const { data: categories = [] } = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
  return (
    <Box
      component="footer"
      sx={{ bgcolor: "secondary.main", color: "secondary.contrastText", mt: 6, pt: 5, pb: 3 }}
    >
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              <Trans>Contact</Trans>
            </Typography>
            <Box component="address" sx={{ fontStyle: "normal" }}>
              {SHOP_INFO.address.map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
              <Link href={`tel:${SHOP_INFO.phone.replace(/\s/g, "")}`} sx={linkSx}>
                {SHOP_INFO.phone}
              </Link>
              {SHOP_INFO.emails.map((e) => (
                <Link key={e} href={`mailto:${e}`} sx={linkSx}>
                  {e}
                </Link>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              <Trans>Company Links</Trans>
            </Typography>
            <nav aria-label={t`Company Links`}>
              <RouterLink to="/" sx={linkSx}>
                {t`Home`}
              </RouterLink>
              <RouterLink to="/page/$slug" params={{ slug: "about-us" }} sx={linkSx}>
                {t`About Us`}
              </RouterLink>
              <RouterLink to="/contact" sx={linkSx}>
                {t`Contact Us`}
              </RouterLink>
            </nav>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              <Trans>Bicycle Types</Trans>
            </Typography>
            <nav aria-label={t`Bicycle Types`}>
              {categories.map((c) => (
                <RouterLink key={c.id} to="/catalog/$slug" params={{ slug: c.slug }} sx={linkSx}>
                  {c.name}
                </RouterLink>
              ))}
            </nav>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              <Trans>Subscribe</Trans>
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              <Trans>Get e-mail updates about our latest bicycles and special offers.</Trans>
            </Typography>
            <SubscribeForm canSubmit={canSubscribe} />
            <Typography variant="h3" component="h2" sx={{ mt: 3 }} gutterBottom>
              <Trans>Follow Us</Trans>
            </Typography>
            <Stack direction="row" spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {SHOP_INFO.social.map((s) => (
                <li key={s.name}>
                  <Link href={s.href} target="_blank" rel="noopener noreferrer" sx={{ color: "inherit" }}>
                    {s.name}
                  </Link>
                </li>
              ))}
            </Stack>
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.8 }}>
          © {new Date().getFullYear()} {SHOP_INFO.name}
        </Typography>
      </Container>
      <ScrollTopButton />
    </Box>
  );
}
