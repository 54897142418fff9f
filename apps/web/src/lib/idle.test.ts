import { describe, expect, it, vi } from 'vitest';
import { onFirstInput } from './idle';

// Issue 27: code only an action needs waits for the visitor's first input, not for the page's load.
describe('onFirstInput', () => {
  it('runs nothing until the first touch or key, then each task once, and later tasks at once', () => {
    const a = vi.fn();
    const b = vi.fn();
    onFirstInput(a);
    onFirstInput(b);
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('scroll'));
    expect(a).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(a).toHaveBeenCalledTimes(1);
    const c = vi.fn();
    onFirstInput(c);
    expect(c).toHaveBeenCalledTimes(1);
  });
});
