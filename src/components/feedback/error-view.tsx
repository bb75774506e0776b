import { Trans } from "@lingui/react/macro";
import { PageReady } from "@/render/page-ready";
import "./page-message.css";
import { isOnline } from "@/offline/signal/online-signal";

/** A page that failed to load: says so and offers a retry instead of a blank screen. */
export function ErrorView({ onRetry }: { onRetry?: () => void }) {
  const offline = !isOnline();
  return (
    <div className="ui-container page-message" role="alert">
      <h1 className="ui-h2 page-message__title">
        {offline ? <Trans>You are offline</Trans> : <Trans>Something went wrong</Trans>}
      </h1>
      <p className="ui-body1 page-message__text">
        {offline ? (
          <Trans>
            This page has not been saved on this device yet. It will load when the connection returns.
          </Trans>
        ) : (
          <Trans>This page could not be loaded. Please try again.</Trans>
        )}
      </p>
      {onRetry && (
        <button type="button" className="ui-btn ui-btn--contained" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
      <PageReady />
    </div>
  );
}
