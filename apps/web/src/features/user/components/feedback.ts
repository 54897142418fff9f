import { Toast } from 'antd-mobile';
import { TOAST_DURATION_MS } from '@simshop/contracts';

/** A toast for the spec's messages, shown for TOAST_DURATION_MS. */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  Toast.show({ content, icon, duration: TOAST_DURATION_MS });
}

/** The message of a failed call (the request client's RequestError carries one ready to show). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
