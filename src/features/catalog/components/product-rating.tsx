import Rating from "@mui/material/Rating";
import { useLingui } from "@lingui/react/macro";

/** 1–5 stars, read-only, announced as "Rated n out of 5". */
export function ProductRating({ value, size = "small" }: { value: number; size?: "small" | "medium" }) {
  const { t } = useLingui();
  const stars = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <Rating value={stars} readOnly size={size} getLabelText={(count: number) => t`Rated ${count} out of 5`} />
  );
}
