import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { RouterLink } from "@/components/router-links";
import { useRecentlyViewed } from "../hooks/use-recently-viewed";
import type { RecentProduct } from "../utils/recent-list";

/**
 * The "Recently viewed" row: products opened on this device (IndexedDB, offline too). On a product page it
 * records that product and shows the others.
 */
export function RecentlyViewed({ current }: { current?: RecentProduct }) {
  const { t } = useLingui();
  const products = useRecentlyViewed(current);
  if (products.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recently-viewed" sx={{ mt: 6 }} data-testid="recently-viewed">
      <Typography id="recently-viewed" variant="h2" sx={{ mb: 2 }}>
        {t`Recently viewed`}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: "grid",
          gridAutoFlow: "column",
          gridAutoColumns: { xs: "40%", sm: "22%", md: "15%" },
          gap: 2,
          overflowX: "auto",
          listStyle: "none",
          p: 0,
          m: 0,
          pb: 1,
        }}
      >
        {products.map((p) => (
          <Box component="li" key={p.id}>
            <RouterLink
              to="/product/$urlKey"
              params={{ urlKey: p.urlKey }}
              sx={{ display: "block", color: "inherit", textDecoration: "none" }}
            >
              <Box sx={{ aspectRatio: "4 / 3", bgcolor: "grey.50", borderRadius: 1, overflow: "hidden" }}>
                {p.image && (
                  <Box
                    component="img"
                    src={p.image}
                    alt=""
                    width={160}
                    height={120}
                    loading="lazy"
                    sx={{ width: "100%", height: "100%", objectFit: "contain" }}
                  />
                )}
              </Box>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {p.name}
              </Typography>
            </RouterLink>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
