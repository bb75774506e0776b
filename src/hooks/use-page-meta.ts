import { useEffect } from "react";
import { SHOP_INFO } from "@/utils/shop-info";

/** The shop's own description (index.html), restored on pages that have none of their own. */
let defaultDescription: string | null = null;

function descriptionTag(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.appendChild(meta);
  }
  defaultDescription ??= meta.content;
  return meta;
}

/** Sets the document title ("<title> | Velora Bicycles") and the meta description (the shop's own when none is given). */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | ${SHOP_INFO.name}`;
  }, [title]);
  useEffect(() => {
    const meta = descriptionTag();
    meta.content = description || defaultDescription || "";
  }, [description]);
}
