import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { SwiperOptions } from "swiper/types";
import type { Swiper } from "./swiper-setup";

/**
 * Swiper on the slider's server-rendered markup, started on demand: `ensure()` downloads Swiper (code and
 * CSS, one chunk) and starts it once; `run(fn)` calls `fn` with the instance, starting it first if needed.
 * Until then the markup shows its first slide without any script.
 */
export function useSwiper(elRef: RefObject<HTMLElement | null>, options: () => SwiperOptions) {
  const swiperRef = useRef<Swiper | null>(null);
  const queue = useRef<Array<(s: Swiper) => void>>([]);
  const loading = useRef(false);
  const mounted = useRef(false);
  const optionsRef = useRef(options);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    optionsRef.current = options;
  });

  const ensure = useCallback(() => {
    if (swiperRef.current || loading.current) return;
    loading.current = true;
    import("./swiper-setup")
      .then(({ createSwiper }) => {
        const el = elRef.current;
        if (!mounted.current || !el) return;
        const swiper = createSwiper(el, optionsRef.current());
        swiperRef.current = swiper;
        setReady(true);
        for (const fn of queue.current.splice(0)) fn(swiper);
      })
      .catch(() => {
        // Offline with the chunk not cached: the slider keeps its first slide; a later touch tries again.
        queue.current = [];
      })
      .finally(() => {
        loading.current = false;
      });
  }, [elRef]);

  const run = useCallback(
    (fn: (s: Swiper) => void) => {
      if (swiperRef.current) fn(swiperRef.current);
      else {
        queue.current.push(fn);
        ensure();
      }
    },
    [ensure],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // The markup goes with the component: only Swiper's listeners (document, window) need removing.
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
    };
  }, []);

  return { ensure, run, ready, swiperRef };
}
