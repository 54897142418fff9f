import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { SWIPER_DURATION_MS, SWIPER_INTERVAL_MS } from '@simshop/contracts';

export type SwiperProps = {
  slides: ReactNode[];
  /** Name of the carousel region, e.g. "Promotions". */
  label: string;
  /** Accessible name of the dot that shows slide i (0-based) of n. */
  dotLabel: (i: number, n: number) => string;
  autoplay?: boolean;
  /** The spec's swiper: a new slide every 5000 ms, sliding for 500 ms. */
  interval?: number;
  duration?: number;
  indicator?: 'dots' | 'fraction' | 'none';
  onIndexChange?: (index: number) => void;
  className?: string;
};

/** A finger has to travel this share of the width to move to the next slide. */
const SWIPE_RATIO = 0.18;
/** Movement under this many px is a tap, not a swipe. */
const TAP_SLOP_PX = 6;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * A small carousel (no gesture library, so home stays inside its first-load budget): loops, slides by swipe,
 * dots or a fraction, autoplay that pauses while hovered, focused, hidden or dragged.
 */
export function Swiper({
  slides,
  label,
  dotLabel,
  autoplay = false,
  interval = SWIPER_INTERVAL_MS,
  duration = SWIPER_DURATION_MS,
  indicator = 'dots',
  onIndexChange,
  className,
}: SwiperProps) {
  const n = slides.length;
  const loop = n > 1;
  // Position on the track: with looping, slide i sits at i + 1 between a clone of the last and of the first.
  const [pos, setPos] = useState(loop ? 1 : 0);
  const [animate, setAnimate] = useState(true);
  const [drag, setDrag] = useState(0);
  const [paused, setPaused] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<{
    x: number;
    y: number;
    id: number;
    horizontal: boolean | null;
    moved: boolean;
  } | null>(null);
  const suppressClick = useRef(false);

  const index = loop ? (((pos - 1) % n) + n) % n : pos;
  const onIndexChangeRef = useRef(onIndexChange);
  onIndexChangeRef.current = onIndexChange;
  useEffect(() => onIndexChangeRef.current?.(index), [index]);

  const go = useCallback(
    (next: number) => {
      setAnimate(true);
      setPos(loop ? next : Math.max(0, Math.min(n - 1, next)));
    },
    [loop, n],
  );

  // After sliding onto a clone, jump (without animation) to the real slide it copies.
  const settle = useCallback(() => {
    if (!loop) return;
    if (pos === 0) {
      setAnimate(false);
      setPos(n);
    } else if (pos === n + 1) {
      setAnimate(false);
      setPos(1);
    }
  }, [loop, n, pos]);
  useEffect(() => {
    if (!loop || (pos !== 0 && pos !== n + 1)) return;
    // transitionend is the normal path; the timer covers browsers that skip it (hidden tab, reduced motion).
    const t = setTimeout(settle, duration + 50);
    return () => clearTimeout(t);
  }, [pos, loop, n, duration, settle]);

  // Re-enable the animation one frame after an instant jump.
  useEffect(() => {
    if (animate) return;
    const raf = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(raf);
  }, [animate]);

  useEffect(() => {
    if (!autoplay || !loop || paused || gesture.current || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.hidden) return;
      setAnimate(true);
      setPos((p) => p + 1);
    }, interval);
    return () => clearInterval(timer);
  }, [autoplay, loop, paused, interval, pos]);

  useEffect(() => {
    if (pos > (loop ? n + 1 : n - 1)) setPos(loop ? 1 : 0);
  }, [n, loop, pos]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if (!loop && n < 2) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    gesture.current = { x: e.clientX, y: e.clientY, id: e.pointerId, horizontal: null, moved: false };
    suppressClick.current = false;
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    if (g.horizontal === null && (Math.abs(dx) > TAP_SLOP_PX || Math.abs(dy) > TAP_SLOP_PX)) {
      g.horizontal = Math.abs(dx) > Math.abs(dy);
      if (g.horizontal) (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    }
    if (g.horizontal) {
      g.moved = true;
      setAnimate(false);
      setDrag(dx);
    }
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    gesture.current = null;
    const width = trackRef.current?.clientWidth || 1;
    const dx = g.horizontal ? e.clientX - g.x : 0;
    setDrag(0);
    setAnimate(true);
    if (g.moved) suppressClick.current = true;
    if (Math.abs(dx) > width * SWIPE_RATIO) go(pos + (dx < 0 ? 1 : -1));
  };

  if (n === 0) return null;
  const rendered = loop ? [slides[n - 1], ...slides, slides[0]] : slides;
  const style: CSSProperties = {
    transform: `translate3d(calc(${-pos * 100}% + ${drag}px), 0, 0)`,
    transition: animate ? `transform ${duration}ms ease` : 'none',
  };

  return (
    <section
      className={`cat-swiper${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        ref={trackRef}
        className="cat-swiper-track"
        style={style}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onTransitionEnd={(e) => e.target === e.currentTarget && settle()}
        onClickCapture={(e) => {
          if (suppressClick.current) {
            e.preventDefault();
            e.stopPropagation();
            suppressClick.current = false;
          }
        }}
        onDragStart={(e) => e.preventDefault()}
      >
        {rendered.map((slide, i) => {
          const clone = loop && (i === 0 || i === n + 1);
          const real = loop ? i - 1 : i;
          return (
            <div
              key={clone ? `clone-${i}` : `slide-${real}`}
              className="cat-swiper-slide"
              role={clone ? undefined : 'group'}
              aria-roledescription={clone ? undefined : 'slide'}
              aria-label={clone ? undefined : dotLabel(real, n)}
              aria-hidden={clone || real !== index ? true : undefined}
              inert={clone || real !== index}
            >
              {slide}
            </div>
          );
        })}
      </div>
      {n > 1 && indicator === 'dots' ? (
        <div className="cat-swiper-dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="cat-swiper-dot"
              aria-label={dotLabel(i, n)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(loop ? i + 1 : i)}
            />
          ))}
        </div>
      ) : null}
      {n > 1 && indicator === 'fraction' ? (
        <div className="cat-swiper-fraction" aria-hidden="true">
          {index + 1}/{n}
        </div>
      ) : null}
    </section>
  );
}
