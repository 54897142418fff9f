import type { DialogConfirmProps, ToastShowProps } from 'antd-mobile';
import { onFirstInput } from '../lib/idle';

// antd's toast and dialog bring its mask, icons and animations (~25 KB gzip): no part of a page's first screen,
// yet imported at the top of a module they would be (issue 27: a plan's page loaded 188 KB of JavaScript
// first, 52 KB more than a catalogue page). Shown through these, their code is fetched at the visitor's
// first touch or key on the page, or on the first toast or dialog if that comes sooner.
const loadOverlays = () => import('./antd-overlays');
onFirstInput(() => void loadOverlays().catch(() => undefined));

/** antd's `Toast.show`, as soon as its code is there. */
export function showToast(props: ToastShowProps): void {
  void loadOverlays().then(({ Toast }) => Toast.show(props));
}

/** antd's `Dialog.confirm`: true when confirmed. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = await loadOverlays();
  return Dialog.confirm(props);
}
