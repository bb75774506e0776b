import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { PageHeader } from "./page-header";
import "./personal-frame.css";

/**
 * What the server renders of a personal page (`personalPage()`): its heading and an empty space where the
 * shopper's data goes, inside the header, the menu and the footer. None of it is any shopper's, so the page's
 * frame paints before the scripts run; the browser then renders the page itself (not a hydration: only the
 * browser has the shopper's cart, session and lists).
 */
export function PersonalFrame({ title }: { title?: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <>
      {title ? <PageHeader title={i18n._(title)} /> : null}
      <div className="ui-container personal-frame__body" aria-busy="true" />
    </>
  );
}
