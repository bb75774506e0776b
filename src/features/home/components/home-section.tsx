import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

/** A titled block of the home page (a landmark named by its heading). */
export function HomeSection({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId} sx={{ py: { xs: 4, md: 6 } }}>
      <Container>
        <Box sx={{ textAlign: "center", mb: 3 }}>
          <Typography id={id} variant="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
