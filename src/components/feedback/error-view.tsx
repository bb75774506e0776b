import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { Trans } from "@lingui/react/macro";
import { PageReady } from "@/components/page-ready";

/** A page that failed to load: says so and offers a retry instead of a blank screen. */
export function ErrorView({ onRetry }: { onRetry?: () => void }) {
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  return (
    <Container role="alert" sx={{ py: 8, textAlign: "center" }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {offline ? <Trans>You are offline</Trans> : <Trans>Something went wrong</Trans>}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {offline ? (
          <Trans>
            This page has not been saved on this device yet. It will load when the connection returns.
          </Trans>
        ) : (
          <Trans>This page could not be loaded. Please try again.</Trans>
        )}
      </Typography>
      {onRetry && (
        <Button variant="contained" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
      <PageReady />
    </Container>
  );
}
