import { describe, expect, it } from 'vitest';
import { rootFontSize, rpx } from './layout';

describe('rem layout', () => {
  it('sets 10px per 320px of viewport width, capped at 960px', () => {
    expect(rootFontSize(320)).toBe(10);
    expect(rootFontSize(375)).toBeCloseTo(11.71875);
    expect(rootFontSize(1440)).toBe(30);
  });

  it('maps the 750-unit design width onto the whole screen', () => {
    expect(rpx(750)).toBe('32rem'); // 32rem x (375 x 10/320)px = 375px
    expect(rootFontSize(375) * 32).toBe(375);
    expect(rpx(100)).toBe('4.2667rem');
  });
});
