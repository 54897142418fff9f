import type { GoodsCard, GoodsSpec } from '@simshop/contracts';

export { probe, withApp } from '../../../test/app';

export function card(id: number, title: string, extra: Partial<GoodsCard> = {}): GoodsCard {
  return {
    id,
    typeId: 1,
    saleTypeId: 1,
    goodsType: 1,
    title,
    subtitle: null,
    mainPic: null,
    minPrice: 29900,
    originalPrice: null,
    currency: 'TWD',
    sales: 10,
    destinations: ['JP'],
    rating: { average: 0, count: 0 },
    soldOut: false,
    needFillCard: 0,
    supportPointDiscount: 0,
    ...extra,
  };
}

export function spec(id: number, name: string, extra: Partial<GoodsSpec> = {}): GoodsSpec {
  return {
    id,
    goodsId: 1,
    name,
    dataMb: 1024,
    allowance: 'total',
    validityDays: 7,
    price: 29900,
    originalPrice: null,
    currency: 'TWD',
    stock: 10,
    soldOut: false,
    picture: null,
    noFreight: 0,
    orderNum: 0,
    speed: null,
    hotspot: null,
    highSpeedMbPerDay: null,
    throttleKbps: null,
    ...extra,
  };
}

export const page = <T,>(list: T[], total = list.length, pageNo = 1, size = 10) => ({
  list,
  pagination: { page: pageNo, size, total },
});
