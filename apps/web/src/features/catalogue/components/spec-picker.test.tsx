import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GoodsSpec } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { spec } from '../test/fixtures';
import { SpecPickerPanel } from './spec-picker';

const SPECS = [
  spec(11, '1 GB / 7 days', { price: 29900, originalPrice: 39900, stock: 5 }),
  spec(12, '5 GB / 15 days', { price: 59900, stock: 0, soldOut: true }),
  spec(13, '20 GB / 30 days', { price: 99900, stock: 120 }),
];

function Harness({ onAdd, onBuy }: { onAdd: (s: GoodsSpec) => void; onBuy: (s: GoodsSpec) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <SpecPickerPanel
      title="Japan eSIM"
      picture={null}
      specs={SPECS}
      selectedId={selected}
      onSelect={(s) => setSelected(s.id)}
      onClose={() => undefined}
      onAddToCart={onAdd}
      onBuyNow={onBuy}
    />
  );
}

const option = (name: RegExp) => screen.getByRole('button', { name });

beforeAll(() => setLanguage('en'));

describe('SpecPickerPanel', () => {
  it('shows the price range and asks for a choice before anything is chosen', () => {
    render(<Harness onAdd={vi.fn()} onBuy={vi.fn()} />);
    // the sold-out spec is not part of what can be bought
    expect(screen.getByText('NT$299 – NT$999')).toBeTruthy();
    expect(screen.getByText('Choose an option')).toBeTruthy();
    expect(option(/^Add to cart$/)).toHaveProperty('disabled', true);
    expect(option(/^Buy now$/)).toHaveProperty('disabled', true);
  });

  it('disables a sold-out spec and says it is sold out', () => {
    const onAdd = vi.fn();
    render(<Harness onAdd={onAdd} onBuy={vi.fn()} />);
    const soldOut = option(/5 GB \/ 15 days/);
    expect(soldOut).toHaveProperty('disabled', true);
    expect(soldOut.textContent).toContain('Sold out');
    fireEvent.click(soldOut);
    expect(soldOut.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Choose an option')).toBeTruthy();
  });

  it('shows the chosen spec’s price, original price and stock, then acts on it', () => {
    const onAdd = vi.fn();
    const onBuy = vi.fn();
    render(<Harness onAdd={onAdd} onBuy={onBuy} />);
    fireEvent.click(option(/1 GB \/ 7 days/));
    expect(option(/1 GB \/ 7 days/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('NT$299')).toBeTruthy();
    expect(screen.getByText('NT$399').closest('s')).toBeTruthy();
    expect(screen.getByText('In stock: 5')).toBeTruthy();
    expect(screen.getByText('Chosen: 1 GB / 7 days')).toBeTruthy();

    fireEvent.click(option(/20 GB \/ 30 days/));
    expect(screen.getByText('NT$999')).toBeTruthy();
    expect(screen.getByText('In stock: 120')).toBeTruthy();

    fireEvent.click(option(/^Add to cart$/));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 13 }));
    fireEvent.click(option(/^Buy now$/));
    expect(onBuy).toHaveBeenCalledWith(expect.objectContaining({ id: 13 }));
  });
});
