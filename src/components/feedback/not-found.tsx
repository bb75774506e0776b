import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { Trans } from "@lingui/react/macro";
import { ButtonLink } from "@/components/router-links";
import { PageReady } from "@/components/page-ready";
import { useServerStatus } from "@/utils/server-html";

/** The not-found page: any unknown path, and /not-found itself. */
export function NotFound() {
  useServerStatus(404);
  return (
    <Container sx={{ py: 8, textAlign: "center" }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: "4rem" }}>
        404
      </Typography>
      <Typography variant="h2" component="p" sx={{ my: 2 }}>
        <Trans>Page Not found</Trans>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans>The page you are looking for does not exist or has been moved.</Trans>
      </Typography>
      <ButtonLink to="/" variant="contained">
        <Trans>Back to home page</Trans>
      </ButtonLink>
      <PageReady />
    </Container>
  );
}
