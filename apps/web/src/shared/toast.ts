import { TOAST_DURATION_MS } from '@simshop/contracts';
import { showToast } from './overlays';

/** The class that lets taps through the toast itself (app/styles.css), not only around it. */
export const TOAST_PASSTHROUGH_CLASS = 'app-toast-passthrough';

/**
 * A toast for the spec's messages, shown for TOAST_DURATION_MS, high on the screen and never in the way:
 * a tap on what it covers (the Log in button under "SMS sent", issue 27) reaches that button.
 */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  showToast({
    content,
    icon,
    duration: TOAST_DURATION_MS,
    position: 'top',
    maskClickable: true,
    maskClassName: TOAST_PASSTHROUGH_CLASS,
  });
}

/** Shows a failed call's message (the request client's RequestError carries one ready to show), or `fallback`. */
export function toastError(err: unknown, fallback: string): void {
  toast(errorMessage(err, fallback), 'fail');
}

/** The message of a failed call (the request client's RequestError carries one ready to show). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The server's (or the request wrapper's) code of a failed call. */
export function errorCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
