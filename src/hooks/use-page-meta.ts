import { useEffect } from "react";
import { SHOP_INFO } from "@/utils/shop-info";

/** Sets the document title ("<title> | Velora Bicycles") and, when given, the meta description. */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | ${SHOP_INFO.name}`;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);
}
