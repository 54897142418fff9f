import type { TripOption } from '@simshop/contracts';

export type TripCartLine = { specId: number; quantity: number; title: string };

/**
 * What "add all to cart" puts in the cart for a proposal: each eSIM spec once, with as many units as the
 * proposal installs, in the proposal's order. Top-ups stay out: a top-up's order names the ICCID of the card it
 * tops up (the checkout's card number), and the proposal's eSIM has none until it is bought and delivered; the
 * buyer adds it from My SIM cards then. `topups` counts what was left out, for the page to say so.
 */
export function tripCartLines(option: Pick<TripOption, 'items'>): { lines: TripCartLine[]; topups: number } {
  const lines = new Map<number, TripCartLine>();
  let topups = 0;
  for (const item of option.items) {
    if (item.kind === 'topup') {
      topups += 1;
      continue;
    }
    const line = lines.get(item.specId);
    if (line) line.quantity += 1;
    else
      lines.set(item.specId, { specId: item.specId, quantity: 1, title: `${item.title} · ${item.specName}` });
  }
  return { lines: [...lines.values()], topups };
}
