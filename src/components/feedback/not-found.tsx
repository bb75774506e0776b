import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { PageReady } from "@/render/page-ready";
import { useServerStatus } from "@/render/server-render";
import "./page-message.css";

/** The not-found page: any unknown path, and /not-found itself. */
export function NotFound() {
  useServerStatus(404);
  return (
    <div className="ui-container page-message">
      <h1 className="ui-h1 page-message__code">404</h1>
      <p className="ui-h2 page-message__subtitle">
        <Trans>Page Not found</Trans>
      </p>
      <p className="ui-body1 page-message__text">
        <Trans>The page you are looking for does not exist or has been moved.</Trans>
      </p>
      <Link to="/" className="ui-btn ui-btn--contained">
        <Trans>Back to home page</Trans>
      </Link>
      <PageReady />
    </div>
  );
}
