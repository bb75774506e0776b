/**
 * Swiper core with the three modules the sliders use, and their CSS. Only ever imported dynamically
 * (`./use-swiper.ts`), so none of it is in a page's first download.
 */
import Swiper from "swiper";
import { A11y, EffectFade, Keyboard } from "swiper/modules";
import type { SwiperOptions } from "swiper/types";
// The CSS travels inside this chunk: a dynamic import does not load CSS files here (vite.config.ts leaves
// a dynamic import's dependencies to the chunk itself, and a chunk cannot name a stylesheet).
import coreCss from "swiper/css?inline";
import a11yCss from "swiper/css/a11y?inline";
import fadeCss from "swiper/css/effect-fade?inline";

export type { Swiper };

function addCss() {
  if (document.getElementById("swiper-css")) return;
  const style = document.createElement("style");
  style.id = "swiper-css";
  style.textContent = coreCss + a11yCss + fadeCss;
  // First in the head: the sliders' own rules (emotion, later) win over Swiper's where both set a property.
  document.head.prepend(style);
}

/** Starts Swiper on markup the page already shows (`.swiper > .swiper-wrapper > .swiper-slide`). */
export function createSwiper(el: HTMLElement, options: SwiperOptions): Swiper {
  addCss();
  return new Swiper(el, { modules: [A11y, EffectFade, Keyboard], ...options });
}
