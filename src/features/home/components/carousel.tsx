import Box from "@mui/material/Box";
import { useLingui } from "@lingui/react/macro";
import { useRef, type Key, type ReactNode } from "react";
import { useAutoplay, useMotionPreferences } from "../hooks/use-autoplay";
import { SliderControls } from "./slider-controls";

const GAP_PX = 16;
/** One slide's width: the carousel's inline size shared by `--per-view` slides and their gaps. */
const SLIDE_WIDTH = `calc((100cqi - (var(--per-view) - 1) * ${GAP_PX}px) / var(--per-view))`;
const CENTRED_PADDING = `calc((100cqi - ${SLIDE_WIDTH}) / 2)`;

export interface CarouselProps<T> {
  /** The accessible name of the carousel. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  /** Slides per view from each minimum width in px, ascending: [[0, 1], [768, 3]]. */
  perView: ReadonlyArray<readonly [minWidth: number, count: number]>;
  /** Autoplay delay; none when absent. */
  autoplayMs?: number;
  /** The current slide sits in the middle (SPEC 'We Recommend'). */
  centered?: boolean;
}

/**
 * A looping slider on CSS scroll-snap (lighter than a slider library): swipe or scroll, or use the
 * buttons; autoplay pauses on hover and focus and never runs for reduced motion or data saving.
 */
export function Carousel<T>({
  label,
  items,
  getKey,
  renderItem,
  perView,
  autoplayMs,
  centered = false,
}: CarouselProps<T>) {
  const { t } = useLingui();
  const rootRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const { reducedMotion } = useMotionPreferences();

  const step = (direction: 1 | -1) => {
    const track = trackRef.current;
    const first = track?.children[0] as HTMLElement | undefined;
    if (!track || !first) return;
    const behavior: ScrollBehavior = reducedMotion ? "auto" : "smooth";
    const max = track.scrollWidth - track.clientWidth;
    if (direction > 0 && track.scrollLeft >= max - 2) track.scrollTo({ left: 0, behavior });
    else if (direction < 0 && track.scrollLeft <= 2) track.scrollTo({ left: max, behavior });
    else track.scrollBy({ left: direction * (first.offsetWidth + GAP_PX), behavior });
  };

  const autoplay = useAutoplay(rootRef, () => step(1), autoplayMs ?? 0, autoplayMs ? items.length : 0);

  const total = items.length;
  const perViewVars: Record<string, unknown> = {};
  for (const [minWidth, count] of perView) {
    if (minWidth === 0) perViewVars["--per-view"] = count;
    else perViewVars[`@media(min-width:${minWidth}px)`] = { "--per-view": count };
  }

  return (
    <Box
      ref={rootRef}
      component="div"
      role="group"
      aria-roledescription={t`carousel`}
      aria-label={label}
      {...autoplay.holdProps}
      sx={{ containerType: "inline-size", ...perViewVars }}
    >
      <Box
        ref={trackRef}
        tabIndex={0}
        aria-live={autoplay.isAvailable && !autoplay.isStopped ? "off" : "polite"}
        sx={{
          display: "grid",
          gridAutoFlow: "column",
          gridAutoColumns: SLIDE_WIDTH,
          gap: `${GAP_PX}px`,
          overflowX: "auto",
          overscrollBehaviorX: "contain",
          scrollSnapType: "x mandatory",
          scrollbarWidth: "none",
          "&::-webkit-scrollbar": { display: "none" },
          paddingInline: centered ? CENTRED_PADDING : 0,
          py: 0.5,
          "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
        }}
      >
        {items.map((item, index) => {
          const position = index + 1;
          return (
            <Box
              key={getKey(item)}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${position} of ${total}`}
              sx={{ scrollSnapAlign: centered ? "center" : "start", minWidth: 0 }}
            >
              {renderItem(item, index)}
            </Box>
          );
        })}
      </Box>
      {items.length > 1 && (
        <SliderControls
          onPrevious={() => step(-1)}
          onNext={() => step(1)}
          autoplay={autoplayMs ? autoplay : undefined}
        />
      )}
    </Box>
  );
}
