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
