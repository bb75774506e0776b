import { describe, expect, it } from "vitest";
import { canAutoplay, type AutoplayState } from "./autoplay";

const base: AutoplayState = {
  reducedMotion: false,
  saveData: false,
  isHovered: false,
  isStopped: false,
  isVisible: true,
  slideCount: 3,
};

describe("slider autoplay", () => {
  it("advances by itself when nothing holds it", () => {
    expect(canAutoplay(base)).toBe(true);
  });

  it("does not autoplay for reduced motion, data saving, hover or focus, pause, off screen or one slide", () => {
    expect(canAutoplay({ ...base, reducedMotion: true })).toBe(false);
    expect(canAutoplay({ ...base, saveData: true })).toBe(false);
    expect(canAutoplay({ ...base, isHovered: true })).toBe(false);
    expect(canAutoplay({ ...base, isStopped: true })).toBe(false);
    expect(canAutoplay({ ...base, isVisible: false })).toBe(false);
    expect(canAutoplay({ ...base, slideCount: 1 })).toBe(false);
  });
});
