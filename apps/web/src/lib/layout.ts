import { BASE_DEVICE_WIDTH, DESIGN_WIDTH, MAX_DEVICE_WIDTH, PX_TO_REM_RATIO } from '@simshop/contracts';

/** Root font size for a viewport width: 10px per 320px of width, never wider than 960px. */
export function rootFontSize(width: number): number {
  const w = width > 0 ? Math.min(width, MAX_DEVICE_WIDTH) : BASE_DEVICE_WIDTH;
  return w * PX_TO_REM_RATIO;
}

/** Converts design units (750 across the screen) to a CSS rem length. */
export function rpx(units: number): string {
  return `${+(units / DESIGN_WIDTH / PX_TO_REM_RATIO).toFixed(4)}rem`;
}

function apply() {
  document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
}

/** Keeps the root font size in step with the viewport. */
export function installRemScaling(): () => void {
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  return () => {
    window.removeEventListener('resize', apply);
    window.removeEventListener('orientationchange', apply);
  };
}
