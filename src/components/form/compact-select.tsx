import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/**
 * A labelled native <select> for the header's language and currency choices. Native on purpose: it is
 * accessible, works with the phone's own picker, and costs no MUI input machinery on the first visit.
 */
export function CompactSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, fontSize: "0.875rem" }}>
      <label htmlFor={id}>{label}</label>
      <Box
        component="select"
        id={id}
        value={value}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
        sx={{
          font: "inherit",
          color: "text.primary",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          py: 0.25,
          px: 0.5,
          minHeight: 32,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
