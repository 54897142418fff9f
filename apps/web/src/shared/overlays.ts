import type { DialogConfirmProps, ToastShowProps } from 'antd-mobile';
import type * as AntdOverlays from './antd-overlays';
import { onFirstInput } from '../lib/idle';

// antd's toast and dialog bring its mask, icons and animations (~25 KB gzip): no part of a page's first screen,
// yet imported at the top of a module they would be (issue 27: a plan's page loaded 188 KB of JavaScript
// first, 52 KB more than a catalogue page). Shown through these, their code is fetched at the visitor's
// first touch or key on the page, or on the first toast or dialog if that comes sooner.
let loaded: typeof AntdOverlays | undefined;

/**
 * Fetches the overlays' code once and keeps it, so a toast once it is there is shown at once, in the caller's
 * task (web tests preload it in src/test/setup.ts: a toast at a test's end never renders after its teardown).
 */
export const loadOverlays = (): Promise<typeof AntdOverlays> =>
  loaded ? Promise.resolve(loaded) : import('./antd-overlays').then((m) => (loaded = m));
onFirstInput(() => void loadOverlays().catch(() => undefined));

/** antd's `Toast.show`: at once when its code is there, else as soon as it is. */
export function showToast(props: ToastShowProps): void {
  if (loaded) loaded.Toast.show(props);
  else void loadOverlays().then(({ Toast }) => Toast.show(props));
}

/** antd's `Dialog.confirm`: true when confirmed. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = await loadOverlays();
  return Dialog.confirm(props);
}
