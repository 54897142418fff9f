import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { card, withApp } from '../test/fixtures';
import { GoodsCards } from './goods-card';

const GOODS = [1, 2, 3].map((id) => card(id, `Plan ${id}`, { mainPic: `/static/catalogue/goods-${id}.svg` }));
const pictures = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((i) => [
    i.getAttribute('loading'),
    i.getAttribute('fetchpriority'),
  ]);

// Issue 12 (Lighthouse): only a list's largest paint, its first picture, is fetched at once and at high
// priority; the rest load as they come into view instead of competing with it.
describe('goods cards', () => {
  it("fetch the first card's picture at once, the others lazily", () => {
    const { container } = render(withApp(<GoodsCards goods={GOODS} />));
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(pictures(container)).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it("below a page's largest picture (home), none is fetched ahead", () => {
    const { container } = render(withApp(<GoodsCards goods={GOODS} layout="grid" eager={0} />));
    expect(pictures(container).every(([loading, priority]) => loading === 'lazy' && priority === null)).toBe(
      true,
    );
  });
});
