import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest 5 s after load): work the first
 * screen does not need (issue 12: everything fetched or run before the largest paint delays it).
 */
export function afterLoad(task: () => void): void {
  if (typeof window === 'undefined') return task();
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => task(), { timeout: 5_000 })
      : setTimeout(task, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** What counts as the visitor starting to use the page. */
const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;
let interacted = false;
const onInput: (() => void)[] = [];

/**
 * Runs `task` at the visitor's first touch, click or key press on the page (at once if that came already): for
 * code only an action needs (a sheet, a toast). Fetched and run once the page had loaded, it ran while the page
 * was still settling (issue 27: a plan page's sheets, viewer and toast, warmed after load, made 0.4 s of long
 * tasks in Lighthouse, total blocking time 216 ms and time to interactive 4.1 s; at first input: 8-28 ms and
 * 2.6-2.9 s); a tap's own handler is not held up by it.
 */
export function onFirstInput(task: () => void): void {
  if (typeof window === 'undefined' || interacted) return task();
  if (onInput.push(task) > 1) return;
  const go = () => {
    interacted = true;
    for (const e of INPUTS) window.removeEventListener(e, go, true);
    for (const t of onInput.splice(0)) t();
  };
  for (const e of INPUTS) window.addEventListener(e, go, { capture: true, passive: true });
}

let pageLoaded = false;

/**
 * False until the page has loaded and the browser is idle (afterLoad), then true, and at once on later pages:
 * for pictures off the first screen, so they are not fetched beside its largest paint (issue 27: the landing
 * page's forty flags were requested before its text was drawn, each a request Lighthouse's simulated
 * network puts ahead of it).
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(pageLoaded);
  useEffect(() => {
    if (loaded) return;
    afterLoad(() => {
      pageLoaded = true;
      setLoaded(true);
    });
  }, [loaded]);
  return loaded;
}
