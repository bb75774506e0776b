import { useLingui } from "@lingui/react/macro";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayArrowIcon } from "@/components/ui/icons";
import type { Autoplay } from "./use-autoplay";
import "./slider.css";

const BUTTON_CLASS = "ui-icon-btn ui-icon-btn--small slider-controls__btn";

/** Previous / next (and pause when the slider autoplays): a slider never needs dragging. */
export function SliderControls({
  onPrevious,
  onNext,
  autoplay,
}: {
  onPrevious: () => void;
  onNext: () => void;
  autoplay?: Autoplay;
}) {
  const { t } = useLingui();
  return (
    <div className="slider-controls">
      <button type="button" className={BUTTON_CLASS} onClick={onPrevious} aria-label={t`Previous slide`}>
        <ChevronLeftIcon />
      </button>
      {autoplay?.isAvailable && (
        <button
          type="button"
          className={BUTTON_CLASS}
          onClick={autoplay.toggleStopped}
          aria-label={autoplay.isStopped ? t`Play slides` : t`Pause slides`}
        >
          {autoplay.isStopped ? <PlayArrowIcon /> : <PauseIcon />}
        </button>
      )}
      <button type="button" className={BUTTON_CLASS} onClick={onNext} aria-label={t`Next slide`}>
        <ChevronRightIcon />
      </button>
    </div>
  );
}
