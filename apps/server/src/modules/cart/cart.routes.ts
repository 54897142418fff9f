import {
  cartAddRequest,
  cartBatchRemoveRequest,
  cartChangeResponse,
  cartCheckRequest,
  cartCountResponse,
  cartFlagResponse,
  cartGroupedResponse,
  cartListResponse,
  cartPayMethodsResponse,
  cartRemoveBySpecRequest,
  cartRemoveRequest,
  cartRemovedResponse,
  cartSaleTypeGroupsResponse,
  cartSummary as cartSummarySchema,
  cartUpdateRequest,
  envelope,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { userIdOf } from '../../platform/auth';
import { sendAnswer } from '../../platform/answer-cache';
import {
  addToCart,
  batchRemoveCart,
  cartCount,
  cartListAnswer,
  cartSummary,
  checkCart,
  checkNeedFillCard,
  checkPointDiscountSupport,
  clearCart,
  groupedByTypeAndGoods,
  removeCartLine,
  removeCartSpec,
  saleTypeGroups,
  supportedPayMethods,
  updateCart,
} from './cart.service';

const tags = ['cart'];
const auth = { auth: 'user' as const };

/** The logged-in user's cart: every call of the spec, plus check-all and one summary call. */
export const cartRoutes = defineRoutes('app/user/cart', (r, ctx) => {
  r.get(
    '/list',
    { schema: { tags, response: { 200: envelope(cartListResponse) } }, config: auth },
    async (req, reply) => sendAnswer(reply, await cartListAnswer(ctx, userIdOf(req), req.locale)),
  );
  r.post(
    '/add',
    { schema: { tags, body: cartAddRequest, response: { 200: envelope(cartChangeResponse) } }, config: auth },
    async (req) => ok(await addToCart(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/update',
    {
      schema: { tags, body: cartUpdateRequest, response: { 200: envelope(cartChangeResponse) } },
      config: auth,
    },
    async (req) => ok(await updateCart(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/check',
    {
      schema: { tags, body: cartCheckRequest, response: { 200: envelope(cartSummarySchema) } },
      config: auth,
    },
    async (req) => ok(await checkCart(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/remove',
    {
      schema: { tags, body: cartRemoveRequest, response: { 200: envelope(cartRemovedResponse) } },
      config: auth,
    },
    async (req) => ok(await removeCartLine(ctx, userIdOf(req), req.body.id)),
  );
  r.post(
    '/removeBySpecId',
    {
      schema: { tags, body: cartRemoveBySpecRequest, response: { 200: envelope(cartRemovedResponse) } },
      config: auth,
    },
    async (req) => ok(await removeCartSpec(ctx, userIdOf(req), req.body.specId)),
  );
  r.post(
    '/batchRemove',
    {
      schema: { tags, body: cartBatchRemoveRequest, response: { 200: envelope(cartRemovedResponse) } },
      config: auth,
    },
    async (req) => ok(await batchRemoveCart(ctx, userIdOf(req), req.body.ids)),
  );
  r.post(
    '/clear',
    { schema: { tags, response: { 200: envelope(cartSummarySchema) } }, config: auth },
    async (req) => ok(await clearCart(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/count',
    { schema: { tags, response: { 200: envelope(cartCountResponse) } }, config: auth },
    async (req) => ok(await cartCount(ctx, userIdOf(req))),
  );
  r.get(
    '/summary',
    { schema: { tags, response: { 200: envelope(cartSummarySchema) } }, config: auth },
    async (req) => ok(await cartSummary(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/supportedPayMethods',
    { schema: { tags, response: { 200: envelope(cartPayMethodsResponse) } }, config: auth },
    async (req) => ok(await supportedPayMethods(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/checkPointDiscountSupport',
    { schema: { tags, response: { 200: envelope(cartFlagResponse) } }, config: auth },
    async (req) => ok(await checkPointDiscountSupport(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/checkNeedFillCard',
    { schema: { tags, response: { 200: envelope(cartFlagResponse) } }, config: auth },
    async (req) => ok(await checkNeedFillCard(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/saleTypeGroups',
    { schema: { tags, response: { 200: envelope(cartSaleTypeGroupsResponse) } }, config: auth },
    async (req) => ok(await saleTypeGroups(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/groupedByTypeAndGoods',
    { schema: { tags, response: { 200: envelope(cartGroupedResponse) } }, config: auth },
    async (req) => ok(await groupedByTypeAndGoods(ctx, userIdOf(req), req.locale)),
  );
});
