/** The slider timings of SPEC §9. */
export const HERO_DELAY_MS = 5000;
export const HERO_FADE_MS = 1000;
export const CAROUSEL_DELAY_MS = 3000;

export interface MotionPreferences {
  reducedMotion: boolean;
  saveData: boolean;
}

export interface AutoplayState extends MotionPreferences {
  /** The pointer is over the slider or focus is inside it. */
  isHovered: boolean;
  /** The shopper pressed pause. */
  isStopped: boolean;
  /** The slider is on screen and the tab visible. */
  isVisible: boolean;
  slideCount: number;
}

/** Whether a slider may advance by itself now: never for reduced motion or data saving, never while held. */
export function canAutoplay(s: AutoplayState): boolean {
  return !s.reducedMotion && !s.saveData && !s.isHovered && !s.isStopped && s.isVisible && s.slideCount > 1;
}
