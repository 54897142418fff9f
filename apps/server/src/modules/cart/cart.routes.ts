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
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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

/** The logged-in user's cart: every call of the spec, plus check-all and one summary call. */
export const cartRoutes = defineRoutes('app/user/cart', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.raw.get('/list', { data: cartListResponse }, async (req, reply) =>
    sendAnswer(reply, await cartListAnswer(ctx, userIdOf(req), req.locale)),
  );
  c.post('/add', { body: cartAddRequest, data: cartChangeResponse }, (req) =>
    addToCart(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/update', { body: cartUpdateRequest, data: cartChangeResponse }, (req) =>
    updateCart(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/check', { body: cartCheckRequest, data: cartSummarySchema }, (req) =>
    checkCart(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/remove', { body: cartRemoveRequest, data: cartRemovedResponse }, (req) =>
    removeCartLine(ctx, userIdOf(req), req.body.id),
  );
  c.post('/removeBySpecId', { body: cartRemoveBySpecRequest, data: cartRemovedResponse }, (req) =>
    removeCartSpec(ctx, userIdOf(req), req.body.specId),
  );
  c.post('/batchRemove', { body: cartBatchRemoveRequest, data: cartRemovedResponse }, (req) =>
    batchRemoveCart(ctx, userIdOf(req), req.body.ids),
  );
  c.post('/clear', { data: cartSummarySchema }, (req) => clearCart(ctx, userIdOf(req), req.locale));
  c.get('/count', { data: cartCountResponse }, (req) => cartCount(ctx, userIdOf(req)));
  c.get('/summary', { data: cartSummarySchema }, (req) => cartSummary(ctx, userIdOf(req), req.locale));
  c.get('/supportedPayMethods', { data: cartPayMethodsResponse }, (req) =>
    supportedPayMethods(ctx, userIdOf(req), req.locale),
  );
  c.get('/checkPointDiscountSupport', { data: cartFlagResponse }, (req) =>
    checkPointDiscountSupport(ctx, userIdOf(req), req.locale),
  );
  c.get('/checkNeedFillCard', { data: cartFlagResponse }, (req) =>
    checkNeedFillCard(ctx, userIdOf(req), req.locale),
  );
  c.get('/saleTypeGroups', { data: cartSaleTypeGroupsResponse }, (req) =>
    saleTypeGroups(ctx, userIdOf(req), req.locale),
  );
  c.get('/groupedByTypeAndGoods', { data: cartGroupedResponse }, (req) =>
    groupedByTypeAndGoods(ctx, userIdOf(req), req.locale),
  );
});
