import { z } from 'zod';
import { DEFAULT_CART_QUANTITY } from './constants';
import { payWayCode } from './common';
import { switchFlag } from './user';
import { goodsKind, lineQuantity, minorAmount, minorSum, QUANTITY_MAX } from './catalogue';

/**
 * The shopping cart (issue 4), namespace app/user/cart. One line per spec; the server takes goods, spec,
 * prices and stock from the catalogue, never from the caller. Cart-level answers (pay methods, points,
 * card number, mixing) look at the CHECKED lines that can be bought now.
 */

export const CART_MAX_LINES = 100;
/** The most units of one spec in a cart line: the shop's one QUANTITY_MAX. */
export const CART_QUANTITY_MAX = QUANTITY_MAX;

const entityId = z.coerce.number().int().positive();

/** Why a line cannot be bought now. */
export const cartUnavailableReason = z.enum(['off_sale', 'sold_out', 'removed']);
export type CartUnavailableReason = z.infer<typeof cartUnavailableReason>;

export const cartSpecInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  price: minorAmount,
  originalPrice: minorAmount.nullable(),
  currency: z.string(),
  stock: z.number().int(),
  picture: z.string().nullable(),
  noFreight: switchFlag,
});
export const cartGoodsInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  mainPic: z.string().nullable(),
  goodsType: goodsKind,
  typeId: z.number().int(),
  saleTypeId: z.number().int(),
  freight: minorAmount,
});
export const cartSaleTypeInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  goodsType: goodsKind,
  canMixOrder: switchFlag,
});
export type CartSaleTypeInfo = z.infer<typeof cartSaleTypeInfo>;

export const cartLine = z.object({
  id: z.number().int(),
  specId: z.number().int(),
  goodsId: z.number().int(),
  quantity: z.number().int(),
  count: z.number().int().describe('the same as quantity (the app shows it as count)'),
  checked: z.boolean(),
  specInfo: cartSpecInfo,
  goodsInfo: cartGoodsInfo,
  saleTypeInfo: cartSaleTypeInfo,
  supportPayWays: z.array(payWayCode).describe('pay ways of the goods that the shop offers'),
  needFillCard: switchFlag,
  supportPointDiscount: switchFlag,
  available: z.boolean(),
  unavailableReason: cartUnavailableReason.nullable(),
  subtotal: minorSum.describe('price x quantity'),
  addedAt: z.string(),
});
export type CartLine = z.infer<typeof cartLine>;
export const cartListResponse = z.array(cartLine);

/** goodsInfo and specInfo are what the app shows; only their ids are checked, the rest is ignored. */
export const cartAddRequest = z.object({
  specId: entityId,
  quantity: lineQuantity.default(DEFAULT_CART_QUANTITY),
  goodsInfo: z.object({ id: entityId.optional() }).loose().optional(),
  specInfo: z.object({ id: entityId.optional() }).loose().optional(),
});
export type CartAddRequest = z.infer<typeof cartAddRequest>;
/** A line after an add or update; `capped` when the quantity asked for was more than the stock. */
export const cartChangeResponse = z.object({
  line: cartLine,
  capped: z.boolean(),
  stock: z.number().int(),
  notice: z.string().nullable().describe('what to tell the buyer when capped, in the caller language'),
});
export type CartChangeResponse = z.infer<typeof cartChangeResponse>;

export const cartUpdateRequest = z
  .object({
    id: entityId,
    quantity: lineQuantity.optional(),
    checked: z.boolean().optional(),
  })
  .refine((v) => v.quantity !== undefined || v.checked !== undefined, {
    path: ['quantity'],
    params: { rule: 'required' },
  });
export const cartCheckRequest = z.object({
  ids: z.array(entityId).min(1).max(CART_MAX_LINES).optional().describe('absent: every line'),
  checked: z.boolean(),
});
export const cartRemoveRequest = z.object({ id: entityId });
export const cartRemoveBySpecRequest = z.object({ specId: entityId });
export const cartBatchRemoveRequest = z.object({ ids: z.array(entityId).min(1).max(CART_MAX_LINES) });
export const cartRemovedResponse = z.object({ removed: z.number().int() });
export const cartCountResponse = z.object({
  count: z.number().int().describe('lines (the tab badge)'),
  quantity: z.number().int().describe('units over every line'),
});

export const cartPayMethodsResponse = z.array(payWayCode);
export const cartFlagResponse = z.boolean();

/** saleType.goodsType.canMixOrder, as the app reads it. */
export const cartGroupSaleType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  goodsType: z.object({
    type: goodsKind.describe('1 virtual, 0 physical'),
    canMixOrder: switchFlag.describe('1: may share an order with other sale types'),
  }),
});
export const cartSaleTypeGroup = z.object({
  saleType: cartGroupSaleType,
  lines: z.array(cartLine),
  checkedCount: z.number().int(),
  checkedAmount: minorSum,
});
export const cartSaleTypeGroupsResponse = z.object({
  groups: z.array(cartSaleTypeGroup),
  canCheckout: z.boolean().describe('some line is checked and the checked lines may share one order'),
  mixForbidden: z.boolean().describe('the checked lines mix a sale type that may not be mixed with others'),
  reason: z.string().nullable().describe('why checkout is not possible, in the caller language'),
});
export type CartSaleTypeGroups = z.infer<typeof cartSaleTypeGroupsResponse>;

export const cartGoodsGroup = z.object({ goodsInfo: cartGoodsInfo, lines: z.array(cartLine) });
export const cartTypeGoodsGroup = z.object({ saleType: cartGroupSaleType, goods: z.array(cartGoodsGroup) });
export const cartGroupedResponse = z.array(cartTypeGoodsGroup);

/** Every cart-level answer at once, over the checked lines (what the cart page footer needs). */
export const cartSummary = z.object({
  count: z.number().int(),
  checkedCount: z.number().int(),
  checkedQuantity: z.number().int(),
  checkedAmount: minorSum,
  currency: z.string(),
  supportedPayMethods: z.array(payWayCode),
  supportPointDiscount: z.boolean(),
  needFillCard: z.boolean(),
  hasPhysical: z.boolean().describe('a checked line ships: the order needs an address'),
  canCheckout: z.boolean(),
  mixForbidden: z.boolean(),
  reason: z.string().nullable(),
});
export type CartSummary = z.infer<typeof cartSummary>;
