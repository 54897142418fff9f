import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export type DragSliderProps = {
  /** Accessible name of the slider. */
  label: string;
  /** Spoken value, e.g. "120 px". */
  valueText: string;
  /** Id of an element describing how to use it (keyboard hint). */
  describedBy?: string;
  value: number;
  max: number;
  /** Width of the track in CSS px; the thumb travels trackWidth - thumbWidth for 0..max. */
  trackWidth: number;
  thumbWidth: number;
  /** Keyboard step for arrows; PageUp/PageDown move ten steps. */
  step?: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  /** The person let go (pointer up) or pressed Enter: the value is their answer. */
  onCommit: (value: number) => void;
};

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

/**
 * A horizontal drag slider driven by pointer events (touch, pen and mouse alike) and the keyboard.
 * Dragging the thumb by the full travel moves the value from 0 to max.
 */
export function DragSlider(props: DragSliderProps) {
  const { value, max, trackWidth, thumbWidth, disabled, onChange, onCommit } = props;
  const drag = useRef<{ pointerId: number; startX: number; startValue: number; last: number } | null>(null);
  const travel = Math.max(1, trackWidth - thumbWidth);
  const thumbLeft = (value / max) * travel;

  const valueAt = (clientX: number) => {
    const d = drag.current!;
    return clamp(d.startValue + ((clientX - d.startX) * max) / travel, max);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled || drag.current) return;
    e.preventDefault();
    e.currentTarget.focus();
    // Keep receiving moves when the finger leaves the thumb; jsdom and old browsers lack it.
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startValue: value, last: value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.last = valueAt(e.clientX);
    onChange(d.last);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const v = valueAt(e.clientX);
    drag.current = null;
    onChange(v);
    onCommit(v);
  };
  const onPointerCancel = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    onChange(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const step = props.step ?? 1;
    const moves: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowDown: value - step,
      ArrowRight: value + step,
      ArrowUp: value + step,
      PageDown: value - step * 10,
      PageUp: value + step * 10,
      Home: 0,
      End: max,
    };
    if (e.key in moves) {
      e.preventDefault();
      onChange(clamp(moves[e.key]!, max));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onCommit(value);
    }
  };

  return (
    <div className="captcha-track" style={{ width: trackWidth }}>
      <div className="captcha-track-fill" style={{ width: thumbLeft + thumbWidth / 2 }} />
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(value)}
        aria-valuetext={props.valueText}
        aria-describedby={props.describedBy}
        aria-disabled={disabled || undefined}
        className="captcha-thumb"
        style={{ width: thumbWidth, transform: `translateX(${thumbLeft}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </div>
    </div>
  );
}
