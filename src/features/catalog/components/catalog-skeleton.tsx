import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { useLingui } from "@lingui/react/macro";

/** Placeholder cards while the first page of products loads. */
export function CatalogSkeleton({ count = 6, columns = 3 }: { count?: number; columns?: number }) {
  const { t } = useLingui();
  return (
    <Box
      role="status"
      aria-label={t`Loading products`}
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: {
          xs: "1fr",
          sm: "repeat(2, 1fr)",
          md: `repeat(${Math.min(columns, 3)}, 1fr)`,
          lg: `repeat(${columns}, 1fr)`,
        },
      }}
    >
      {Array.from({ length: count }, (_, i) => (
        <Box key={i}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: "1 / 1", height: "auto" }} />
          <Skeleton width="70%" />
          <Skeleton width="40%" />
        </Box>
      ))}
    </Box>
  );
}
