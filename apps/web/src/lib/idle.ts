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
