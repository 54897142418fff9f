import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PULL_REFRESH_HEIGHT, PULL_REFRESH_RANGE, REFRESHER_THRESHOLD } from '@simshop/contracts';

/** The five refresher states of the spec. */
export type PullState = 'idle' | 'pulling' | 'reached' | 'refreshing' | 'restoring' | 'aborting';

const RESTORE_MS = 300;
/** Finger travel is damped so the head follows at half speed, like a native refresher. */
const DAMPING = 0.5;

function atTop(el: HTMLElement): boolean {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

/** Pull-down refresher: head height 70, pull range 150, threshold 45 (spec section 9). */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<PullState>('idle');
  const [distance, setDistance] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const live = useRef({ startY: 0, pulling: false, distance: 0, state: 'idle' as PullState });
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;

  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const l = live.current;
    const set = (s: PullState, d: number) => {
      l.state = s;
      l.distance = d;
      setState(s);
      setDistance(d);
    };
    const settle = (s: 'restoring' | 'aborting') => {
      set(s, 0);
      window.setTimeout(() => {
        if (l.state === s) set('idle', 0);
      }, RESTORE_MS);
    };
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (l.state === 'refreshing' || e.touches.length !== 1 || !touch) return;
      l.pulling = atTop(e.target as HTMLElement);
      l.startY = touch.clientY;
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!l.pulling || l.state === 'refreshing' || !touch) return;
      const dy = touch.clientY - l.startY;
      if (dy <= 0) {
        if (l.distance > 0) set('pulling', 0);
        return;
      }
      if (e.cancelable) e.preventDefault(); // keep the page from scrolling while the head is pulled
      const d = Math.min(PULL_REFRESH_RANGE, dy * DAMPING);
      set(d >= REFRESHER_THRESHOLD ? 'reached' : 'pulling', d);
    };
    const onEnd = () => {
      if (!l.pulling) return;
      l.pulling = false;
      if (l.state === 'reached') {
        set('refreshing', PULL_REFRESH_HEIGHT);
        new Promise((resolve) => resolve(refreshRef.current()))
          .catch(() => undefined) // the page shows its own error; the refresher just closes
          .finally(() => settle('restoring'));
      } else if (l.distance > 0) {
        settle('aborting');
      } else {
        set('idle', 0);
      }
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const dragging = state === 'pulling' || state === 'reached';
  return (
    <div ref={rootRef} className="ptr" data-state={state}>
      <div
        className="ptr-head"
        style={{
          height: distance,
          transition: dragging ? 'none' : `height ${RESTORE_MS}ms ease`,
        }}
        aria-live="polite"
      >
        <div className="ptr-text" style={{ height: PULL_REFRESH_HEIGHT }}>
          {state === 'idle' ? null : t(`common:pullToRefresh.${state}`)}
        </div>
      </div>
      {children}
    </div>
  );
}
