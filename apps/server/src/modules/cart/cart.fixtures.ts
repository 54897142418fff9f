import { adminGoodsAddRequest, adminSaleTypeInput, type PayWayCode } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { createGoods, createSaleType, findSaleTypeByCode, insertGoodsType } from '../catalogue';

let seq = 0;

/** A sale type by code, created the first time (tests use their own codes, apart from the demo ones). */
export async function saleTypeFixture(
  ctx: AppContext,
  code: string,
  o: { goodsType: 0 | 1; canMixOrder: 0 | 1 },
) {
  const found = await findSaleTypeByCode(ctx.db, code);
  if (found) return Number(found.id);
  return createSaleType(
    ctx.db,
    adminSaleTypeInput.parse({
      code,
      texts: { en: { name: `Type ${code}` } },
      goodsType: o.goodsType,
      canMixOrder: o.canMixOrder,
    }),
  );
}

export async function goodsTypeFixture(ctx: AppContext, parentId: number | null = null) {
  const at = Date.now();
  seq += 1;
  return insertGoodsType(ctx.db, {
    parent_id: parentId,
    texts: JSON.stringify({ en: { name: `Category ${seq}` } }),
    icon: null,
    order_num: seq,
    status: 1,
    created_at: at,
    updated_at: at,
  });
}

export type GoodsFixture = { goodsId: number; specIds: number[]; typeId: number; saleTypeId: number };

/**
 * A goods on sale with its specs, made through the catalogue's own create function. Defaults: a mixable
 * virtual sale type `t-esim`, pay ways wechat/alipay/wallet, one spec of price 10000 with stock 5.
 */
export async function goodsFixture(
  ctx: AppContext,
  o: {
    saleType?: { code: string; goodsType: 0 | 1; canMixOrder: 0 | 1 };
    typeId?: number;
    payWays?: PayWayCode[];
    specs?: { price: number; stock: number }[];
    needFillCard?: 0 | 1;
    supportPointDiscount?: 0 | 1;
    onSale?: 0 | 1;
    title?: string;
  } = {},
): Promise<GoodsFixture> {
  seq += 1;
  const st = o.saleType ?? { code: 't-esim', goodsType: 1, canMixOrder: 1 };
  const saleTypeId = await saleTypeFixture(ctx, st.code, st);
  const typeId = o.typeId ?? (await goodsTypeFixture(ctx));
  const goodsId = await createGoods(
    ctx.db,
    adminGoodsAddRequest.parse({
      typeId,
      saleTypeId,
      goodsType: st.goodsType,
      texts: { en: { title: o.title ?? `Goods ${seq}` }, 'zh-Hant': { title: `商品 ${seq}` } },
      pictures: ['/static/catalogue/test.png'],
      payWays: o.payWays ?? ['wechat', 'alipay', 'wallet'],
      needFillCard: o.needFillCard ?? 0,
      supportPointDiscount: o.supportPointDiscount ?? 0,
      onSale: o.onSale ?? 1,
      specs: (o.specs ?? [{ price: 10_000, stock: 5 }]).map((s, i) => ({
        texts: { en: { name: `Option ${i + 1}` } },
        price: s.price,
        stock: s.stock,
        orderNum: i,
      })),
    }),
    null,
  );
  const specs = await ctx.db
    .selectFrom('goods_spec')
    .select('id')
    .where('goods_id', '=', goodsId)
    .orderBy('order_num')
    .execute();
  return { goodsId, specIds: specs.map((s) => Number(s.id)), typeId, saleTypeId };
}
