import type { CartLine, CartSaleTypeGroups, CartSummary } from '@simshop/contracts';

type SaleType = CartLine['saleTypeInfo'];
export const ESIM: SaleType = { id: 1, code: 'esim', name: 'eSIM plans', goodsType: 1, canMixOrder: 1 };
export const SIM: SaleType = { id: 2, code: 'sim', name: 'SIM cards', goodsType: 0, canMixOrder: 1 };
export const TOPUP: SaleType = { id: 3, code: 'topup', name: 'Top-ups', goodsType: 1, canMixOrder: 0 };

export function cartLine(id: number, title: string, extra: Partial<CartLine> = {}, sale = ESIM): CartLine {
  const quantity = extra.quantity ?? 1;
  const price = extra.specInfo?.price ?? 29900;
  return {
    id,
    specId: id * 10,
    goodsId: id * 100,
    quantity,
    count: quantity,
    checked: true,
    specInfo: {
      id: id * 10,
      name: '1 GB / 7 days',
      price,
      originalPrice: null,
      currency: 'TWD',
      stock: 5,
      picture: null,
      noFreight: 0,
    },
    goodsInfo: {
      id: id * 100,
      title,
      mainPic: null,
      goodsType: sale.goodsType,
      typeId: 1,
      saleTypeId: sale.id,
      freight: 0,
    },
    saleTypeInfo: sale,
    supportPayWays: ['wechat', 'alipay'],
    needFillCard: 0,
    supportPointDiscount: 0,
    available: true,
    unavailableReason: null,
    subtotal: price * quantity,
    addedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** The server's grouping of lines by sale type, with its verdict on the checked lines. */
export function groupsOf(lines: CartLine[], verdict: Partial<CartSaleTypeGroups> = {}): CartSaleTypeGroups {
  const bySale = new Map<number, { s: CartLine['saleTypeInfo']; ls: CartLine[] }>();
  for (const l of lines) {
    const seen = bySale.get(l.saleTypeInfo.id);
    bySale.set(l.saleTypeInfo.id, { s: seen?.s ?? l.saleTypeInfo, ls: [...(seen?.ls ?? []), l] });
  }
  return {
    groups: [...bySale.values()].map(({ s, ls }) => {
      const checked = ls.filter((l) => l.checked);
      return {
        saleType: {
          id: s.id,
          code: s.code,
          name: s.name,
          goodsType: { type: s.goodsType, canMixOrder: s.canMixOrder },
        },
        lines: ls,
        checkedCount: checked.length,
        checkedAmount: checked.reduce((n, l) => n + l.subtotal, 0),
      };
    }),
    canCheckout: lines.some((l) => l.checked),
    mixForbidden: false,
    reason: null,
    ...verdict,
  };
}

export function summaryOf(lines: CartLine[], verdict: Partial<CartSummary> = {}): CartSummary {
  const checked = lines.filter((l) => l.checked);
  return {
    count: lines.length,
    checkedCount: checked.length,
    checkedQuantity: checked.reduce((n, l) => n + l.quantity, 0),
    checkedAmount: checked.reduce((n, l) => n + l.subtotal, 0),
    currency: 'TWD',
    supportedPayMethods: ['wechat', 'alipay'],
    supportPointDiscount: false,
    needFillCard: false,
    hasPhysical: checked.some((l) => l.goodsInfo.goodsType === 0),
    canCheckout: checked.length > 0,
    mixForbidden: false,
    reason: null,
    ...verdict,
  };
}
