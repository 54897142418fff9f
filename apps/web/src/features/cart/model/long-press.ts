import { useEffect, useRef, type PointerEvent } from 'react';
import { LONG_PRESS_MOVE_CANCEL_PX, LONG_PRESS_MS } from '@simshop/contracts';

export type LongPressHandlers = {
  onPointerDown: (e: PointerEvent) => void;
  onPointerMove: (e: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onPointerLeave: () => void;
  onContextMenu: (e: { preventDefault: () => void }) => void;
};

/**
 * Long press (spec section 9): fires after LONG_PRESS_MS of holding still; moving more than
 * LONG_PRESS_MOVE_CANCEL_PX (a swipe or a scroll) or lifting the finger first cancels it.
 */
export function useLongPress(onLongPress: () => void): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef({ x: 0, y: 0 });
  const latest = useRef(onLongPress);
  latest.current = onLongPress;

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown: (e) => {
      if (e.button !== undefined && e.button > 0) return;
      cancel();
      origin.current = { x: e.clientX, y: e.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e) => {
      if (timer.current === null) return;
      const dx = e.clientX - origin.current.x;
      const dy = e.clientY - origin.current.y;
      if (Math.hypot(dx, dy) > LONG_PRESS_MOVE_CANCEL_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    // the browser's own long-press menu would cover ours
    onContextMenu: (e) => e.preventDefault(),
  };
}
