import type { AdminCouponAddRequest } from '@simshop/contracts';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { createCoupon } from '../modules/coupon';

const DAY_MS = 24 * 60 * 60_000;
/** Prices are in minor units (cents of the shop currency). */
const money = (units: number) => units * 100;

type Texts = AdminCouponAddRequest['texts'];
const texts = (
  zhHans: string,
  zhHant: string,
  en: string,
  es: string,
  fr: string,
  desc?: [string, string, string, string, string],
): Texts => ({
  'zh-Hans': { title: zhHans, ...(desc ? { description: desc[0] } : {}) },
  'zh-Hant': { title: zhHant, ...(desc ? { description: desc[1] } : {}) },
  en: { title: en, ...(desc ? { description: desc[2] } : {}) },
  es: { title: es, ...(desc ? { description: desc[3] } : {}) },
  fr: { title: fr, ...(desc ? { description: desc[4] } : {}) },
});

/** Coupons on offer in the demo shop, valid from yesterday for half a year; seeded once. */
export async function seedDemoCoupons(db: Db, _config: Config) {
  const any = await db.selectFrom('coupon_info').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const at = Date.now();
  const window = {
    startsAt: new Date(at - DAY_MS).toISOString(),
    endsAt: new Date(at + 180 * DAY_MS).toISOString(),
  };
  const coupons: AdminCouponAddRequest[] = [
    {
      ...window,
      texts: texts(
        '新人礼 满300减100',
        '新人禮 滿300折100',
        'Welcome: 100 off 300',
        'Bienvenida: 100 de descuento desde 300',
        'Bienvenue : 100 de remise dès 300',
        ['全场商品可用', '全館商品適用', 'On every goods', 'En todos los productos', 'Sur tous les articles'],
      ),
      kind: 'amount',
      amount: money(100),
      percent: null,
      maxDiscount: null,
      minAmount: money(300),
      scope: 'all',
      goodsIds: [],
      typeIds: [],
      perUserLimit: 1,
      total: 5000,
      status: 1,
    },
    {
      ...window,
      texts: texts(
        '满500减50',
        '滿500折50',
        '50 off 500',
        '50 de descuento desde 500',
        '50 de remise dès 500',
      ),
      kind: 'amount',
      amount: money(50),
      percent: null,
      maxDiscount: null,
      minAmount: money(500),
      scope: 'all',
      goodsIds: [],
      typeIds: [],
      perUserLimit: 2,
      total: 1000,
      status: 1,
    },
    {
      ...window,
      texts: texts(
        '全场85折 最高减200',
        '全館85折 最高折200',
        '15% off, up to 200',
        '15 % de descuento, hasta 200',
        "15 % de remise, jusqu'à 200",
      ),
      kind: 'percent',
      amount: null,
      percent: 15,
      maxDiscount: money(200),
      minAmount: 0,
      scope: 'all',
      goodsIds: [],
      typeIds: [],
      perUserLimit: 1,
      total: 500,
      status: 1,
    },
  ];
  for (const c of coupons) await createCoupon(db, c, at);
}
