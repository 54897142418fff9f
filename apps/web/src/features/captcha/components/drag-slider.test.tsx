import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DragSlider } from './drag-slider';

afterEach(cleanup);

function Harness({ onCommit, max = 244 }: { onCommit: (v: number) => void; max?: number }) {
  const [value, setValue] = useState(0);
  // Track 300 px with a 56 px thumb: 244 px of travel, one px per unit for max 244.
  return (
    <DragSlider
      label="Puzzle slider"
      valueText={`${Math.round(value)} px`}
      value={value}
      max={max}
      trackWidth={300}
      thumbWidth={56}
      onChange={setValue}
      onCommit={onCommit}
    />
  );
}

const pointer = (clientX: number) => ({ pointerId: 1, clientX, button: 0, isPrimary: true });

describe('DragSlider', () => {
  it('follows a drag and answers where it was let go', () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: 'Puzzle slider' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');

    fireEvent.pointerDown(slider, pointer(20));
    fireEvent.pointerMove(slider, pointer(90));
    expect(slider.getAttribute('aria-valuenow')).toBe('70');
    expect(slider.style.transform).toBe('translateX(70px)');
    expect(onCommit).not.toHaveBeenCalled();

    fireEvent.pointerUp(slider, pointer(143));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(123);
    expect(slider.getAttribute('aria-valuetext')).toBe('123 px');
  });

  it('scales the drag to the value range and stops at both ends', () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} max={360} />);
    const slider = screen.getByRole('slider');
    fireEvent.pointerDown(slider, pointer(0));
    fireEvent.pointerMove(slider, pointer(122));
    // Half of the 244 px travel is half of 360.
    expect(slider.getAttribute('aria-valuenow')).toBe('180');
    fireEvent.pointerMove(slider, pointer(-50));
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.pointerUp(slider, pointer(900));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(360);
  });

  it('ignores moves of another pointer and moves without a press', () => {
    render(<Harness onCommit={vi.fn()} />);
    const slider = screen.getByRole('slider');
    fireEvent.pointerMove(slider, pointer(100));
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.pointerDown(slider, pointer(0));
    fireEvent.pointerMove(slider, { ...pointer(100), pointerId: 2 });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it('moves with the arrow keys and answers on Enter', () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('11');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('244');
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(1);
  });
});
