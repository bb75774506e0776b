import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Trans } from "@lingui/react/macro";
import type { Review } from "@/api/catalog";
import { formatDate } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { ProductRating } from "./product-rating";

/** Approved reviews: name, stars, date, title and comment. */
export function ProductReviews({ reviews }: { reviews: Review[] }) {
  const locale = useLocale();
  if (reviews.length === 0) {
    return (
      <Typography>
        <Trans>There are no reviews yet.</Trans>
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={3} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {reviews.map((r) => (
        <Box component="li" key={r.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
            <ProductRating value={r.rating} />
            {r.createdAt && (
              <Typography variant="body2" color="text.secondary">
                {formatDate(r.createdAt, locale)}
              </Typography>
            )}
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {r.title}
          </Typography>
          <Typography>{r.comment}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
