import { useLingui } from "@lingui/react/macro";
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type Key,
  type ReactNode,
} from "react";
import type { SwiperOptions } from "swiper/types";
import { afterFirstInteraction } from "@/render/first-interaction";
import { SliderControls } from "./slider-controls";
import { useAutoplay, useMotionPreferences, type Autoplay } from "./use-autoplay";
import { useSwiper } from "./use-swiper";
import "./slider.css";

/** Slides per view from each minimum viewport width in px, ascending: [[0, 1], [768, 3]]. */
export type PerView = ReadonlyArray<readonly [minWidth: SliderBreakpoint, count: number]>;

/** What a slider's controls (buttons, dots, thumbnails) can read and do. */
export interface SliderApi {
  /** the slide shown (the first one in view) */
  index: number;
  count: number;
  previous: () => void;
  next: () => void;
  goTo: (index: number) => void;
  autoplay?: Autoplay;
}

export interface SliderProps<T> {
  /** The accessible name of the slider. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  perView?: PerView;
  /** px between slides */
  gap?: number;
  /** "fade": the slides cross-fade in place (the home banner) */
  effect?: "slide" | "fade";
  /** ms of one transition */
  speedMs?: number;
  /** Autoplay delay; none when absent. */
  autoplayMs?: number;
  /** The current slide sits in the middle. */
  centered?: boolean;
  /** Shows this slide when it changes, or the item there does (e.g. the image of a chosen colour). */
  showIndex?: number;
  /** Controls below the slides; previous/next (and pause) buttons when absent. */
  renderControls?: (api: SliderApi) => ReactNode;
  component?: "section" | "div";
  testId?: string;
  /** Class of the outer element (which holds the slides and the controls). */
  className?: string;
}

const SWIPE_PX = 40;

/** The viewport widths (px) at which a slider may change its slides per view (slider.css has a rule for each). */
export const SLIDER_BREAKPOINTS = [0, 480, 600, 640, 768, 900, 1024, 1200] as const;
export type SliderBreakpoint = (typeof SLIDER_BREAKPOINTS)[number];

/**
 * The per-slider values slider.css reads: slides per view (`--pv-<width>`) and whether the default controls
 * show (`--pc-<width>`, only where some slide is out of view) at each breakpoint.
 */
function layoutVars(perView: PerView, count: number, gap: number): Record<string, string | number> {
  const vars: Record<string, string | number> = { "--gap": `${gap}px` };
  for (const width of SLIDER_BREAKPOINTS) {
    const n = perView.findLast(([minWidth]) => minWidth <= width)?.[1] ?? 1;
    vars[`--pv-${width}`] = n;
    vars[`--pc-${width}`] = count > n ? "block" : "none";
  }
  return vars;
}

/**
 * One slider for the whole shop (home banner, carousels, product images) on Swiper core with its A11y,
 * Keyboard and fade modules. The server renders the slides as plain markup that shows the first slide
 * without any script. Swiper (code and CSS) is downloaded and started on that markup when the slider is
 * touched, hovered, focused or used, or when it is on screen after the shopper's first interaction with the
 * page; a swipe made before it is ready is replayed as one step. Autoplay steps before that move the slides
 * by CSS (to where Swiper then starts), so a first visit nobody touches downloads no Swiper at all.
 * Autoplay pauses on hover and focus and never runs for reduced motion or data saving.
 */
export function Slider<T>({
  label,
  items,
  getKey,
  renderItem,
  perView = [[0, 1]],
  gap = 16,
  effect = "slide",
  speedMs = 300,
  autoplayMs,
  centered = false,
  showIndex,
  renderControls,
  component = "div",
  testId,
  className,
}: SliderProps<T>) {
  const { t } = useLingui();
  const rootRef = useRef<HTMLElement>(null);
  const elRef = useRef<HTMLDivElement>(null);
  const setRoot = useCallback((el: HTMLElement | null) => {
    rootRef.current = el;
  }, []);
  const [index, setIndex] = useState(0);
  const count = items.length;
  const fade = effect === "fade";

  const speed = useMotionPreferences().reducedMotion ? 0 : speedMs;

  const { ensure, run, ready, swiperRef } = useSwiper(elRef, (): SwiperOptions => {
    const base = perView.find(([minWidth]) => minWidth === 0)?.[1] ?? 1;
    const position = "{{index}}";
    const total = "{{slidesLength}}";
    return {
      slidesPerView: base,
      spaceBetween: gap,
      breakpoints: Object.fromEntries(
        perView.filter(([minWidth]) => minWidth > 0).map(([minWidth, n]) => [minWidth, { slidesPerView: n }]),
      ),
      centeredSlides: centered,
      effect: fade ? "fade" : "slide",
      fadeEffect: { crossFade: true },
      speed,
      initialSlide: index,
      // `rewind`, not `loop`: Swiper's loop moves slide elements, and React owns them.
      rewind: true,
      watchSlidesProgress: true,
      keyboard: { enabled: false, onlyInViewport: true },
      a11y: {
        enabled: true,
        slideLabelMessage: t`${position} of ${total}`,
        firstSlideMessage: t`This is the first slide`,
        lastSlideMessage: t`This is the last slide`,
        prevSlideMessage: t`Previous slide`,
        nextSlideMessage: t`Next slide`,
        // the slides' live region is ours: off while autoplay runs
        wrapperLiveRegion: false,
      },
      on: { slideChange: (s) => startTransition(() => setIndex(s.activeIndex)) },
    };
  });
  const next = () => run((s) => s.slideNext());
  // An autoplay step does not download Swiper: until something else starts it, the slides move by CSS.
  const advance = () => {
    const swiper = swiperRef.current;
    const el = elRef.current;
    if (swiper) swiper.slideNext();
    else if (el) {
      const perViewNow = Number(getComputedStyle(el).getPropertyValue("--per-view")) || 1;
      const last = fade || centered ? count - 1 : Math.max(0, Math.ceil(count - perViewNow));
      setIndex((i) => (i >= last ? 0 : i + 1));
    }
  };
  const autoplay = useAutoplay(rootRef, advance, autoplayMs ?? 0, autoplayMs ? count : 0);

  // On screen (or half a screen away) after the shopper's first interaction with the page.
  useEffect(() => {
    const el = rootRef.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    let cancel: () => unknown = () => undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) cancel = afterFirstInteraction(ensure);
        else cancel();
      },
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS margin, not text
      { rootMargin: "0px 0px 50% 0px" },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [ensure]);

  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    swiper.params.speed = speed;
    swiper.update();
  }, [ready, swiperRef, speed, count]);

  // The slide to show changes when its place or the item there does (a colour's image takes the place of the
  // one before it in the product gallery).
  const shown = showIndex !== undefined && showIndex >= 0 ? items[showIndex] : undefined;
  const shownKey = shown !== undefined ? getKey(shown) : undefined;
  const lastShown = useRef({ index: showIndex, key: shownKey });
  useEffect(() => {
    if (showIndex === lastShown.current.index && shownKey === lastShown.current.key) return;
    lastShown.current = { index: showIndex, key: shownKey };
    if (showIndex !== undefined && showIndex >= 0) run((s) => s.slideTo(showIndex));
  }, [showIndex, shownKey, run]);

  // A swipe begun before Swiper was ready (it did not see the touch start): one step once it is.
  const gesture = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    gesture.current = swiperRef.current ? null : { x: e.clientX, y: e.clientY };
    ensure();
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(e.clientY - start.y)) return;
    run((s) => (dx < 0 ? s.slideNext() : s.slidePrev()));
  };

  const api: SliderApi = {
    index,
    count,
    previous: () => run((s) => s.slidePrev()),
    next,
    goTo: (i) => run((s) => s.slideTo(i)),
    autoplay: autoplayMs ? autoplay : undefined,
  };

  const Root = component;
  const rootClass = ["slider", fade && "slider--fade", centered && "slider--centered", className]
    .filter(Boolean)
    .join(" ");
  return (
    <Root
      ref={setRoot}
      className={rootClass}
      role={component === "div" ? "group" : undefined}
      aria-roledescription={t`carousel`}
      aria-label={label}
      data-testid={testId}
      data-slider-ready={ready ? "" : undefined}
      style={
        {
          ...layoutVars(perView, count, gap),
          "--slide": index,
          "--count": count,
          "--speed": `${speed}ms`,
        } as CSSProperties
      }
      onMouseEnter={() => {
        autoplay.holdProps.onMouseEnter();
        ensure();
      }}
      onMouseLeave={autoplay.holdProps.onMouseLeave}
      onFocus={() => {
        autoplay.holdProps.onFocus();
        run((s) => s.keyboard.enable());
      }}
      onBlur={(e: React.FocusEvent<HTMLElement>) => {
        autoplay.holdProps.onBlur(e);
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) swiperRef.current?.keyboard.disable();
      }}
    >
      <div
        ref={elRef}
        className="swiper slider__swiper"
        // The slides take the focus: Swiper's arrow keys work while it is inside the slider.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (gesture.current = null)}
      >
        <div
          className="swiper-wrapper"
          aria-live={autoplay.isAvailable && !autoplay.isStopped ? "off" : "polite"}
        >
          {items.map((item, i) => {
            const position = i + 1;
            const total = count;
            const hidden = fade && i !== index;
            return (
              <div
                key={getKey(item)}
                className="swiper-slide"
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${position} of ${total}`}
                aria-hidden={hidden || undefined}
                inert={hidden}
                style={fade ? ({ "--i": i } as CSSProperties) : undefined}
              >
                {renderItem(item, i)}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 &&
        (renderControls ? (
          renderControls(api)
        ) : (
          <div className="slider__controls">
            <SliderControls onPrevious={api.previous} onNext={api.next} autoplay={api.autoplay} />
          </div>
        ))}
    </Root>
  );
}
