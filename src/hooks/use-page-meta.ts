import { useContext, useEffect } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { SHOP_INFO } from "@/utils/shop-info";
import { ServerRenderContext } from "@/render/server-render";

/** The shop's own title and description (index.html's, translated): pages without their own get these. */
export const DEFAULT_PAGE_META = {
  title: msg`Velora Bicycles – mountain, road, fat, city and kids bikes`,
  description: msg`Shop mountain, road, fat, city/hybrid and kids/BMX bicycles from Velora. Free delivery on larger orders; works offline in our showrooms.`,
};

function descriptionTag(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.appendChild(meta);
  }
  return meta;
}

/**
 * Sets the document title ("<title> | Velora Bicycles") and the meta description (the shop's own when none
 * is given), in the active language. In the browser the outermost caller's effect runs last and wins; on
 * the server, which runs no effect, the outermost caller renders first and its values are kept
 * (`ServerRender.setMeta`), so the server's <head> says what the browser will.
 */
export function usePageMeta(title: string | undefined, description?: string): void {
  const { i18n } = useLingui();
  const fullTitle = title ? `${title} | ${SHOP_INFO.name}` : undefined;
  const fullDescription = description || i18n._(DEFAULT_PAGE_META.description);
  useContext(ServerRenderContext)?.setMeta?.(fullTitle, description || undefined);
  useEffect(() => {
    if (fullTitle) document.title = fullTitle;
  }, [fullTitle]);
  useEffect(() => {
    descriptionTag().content = fullDescription;
  }, [fullDescription]);
}
