import { useEffect, useState } from 'react';
import { onFirstInput } from '../../../lib/idle';

/**
 * For a part of a page that is not on its first screen (a sheet, a picture viewer) and whose code is loaded
 * apart (`load`): fetches that code at the visitor's first touch or key on the page (lib/idle onFirstInput),
 * so it is mostly there when first opened, and says whether to draw the part: from the first time it is
 * open, and after (so a sheet can animate closed).
 */
export function useShownOnce(open: boolean, load: () => Promise<unknown>): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => onFirstInput(() => void load().catch(() => undefined)), [load]);
  useEffect(() => {
    if (open) setShown(true);
  }, [open]);
  return shown || open;
}
