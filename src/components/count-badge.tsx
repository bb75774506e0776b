import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/**
 * A count in a small disc on an icon's top-right corner (the header's cart, wishlist and compare counts),
 * as MUI's Badge draws it, without its machinery in the first load. The count is announced by the
 * button's label, so the disc itself is hidden from assistive technology.
 */
export function CountBadge({
  count,
  children,
  testId,
}: {
  count: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="span" data-testid={testId} sx={{ position: "relative", display: "inline-flex" }}>
      {children}
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          position: "absolute",
          top: 0,
          right: 0,
          transform: "translate(50%, -50%)",
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          bgcolor: "primary.main",
          color: "primary.contrastText",
          fontSize: "0.75rem",
          fontWeight: 500,
          lineHeight: "20px",
          textAlign: "center",
          boxSizing: "border-box",
        }}
      >
        {count}
      </Box>
    </Box>
  );
}
