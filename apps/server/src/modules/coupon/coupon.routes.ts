import {
  adminCoupon,
  adminCouponAddRequest,
  adminCouponCountResponse,
  adminCouponIdResponse,
  adminCouponIdsRequest,
  adminCouponPageRequest,
  adminCouponPageResponse,
  adminCouponUpdateRequest,
  couponInfoPageRequest,
  couponInfoPageResponse,
  couponReceiveRequest,
  envelope,
  idQuery,
  userCoupon,
  userCouponDeleteRequest,
  userCouponDeleteResponse,
  userCouponListRequest,
  userCouponListResponse,
  userCouponPageRequest,
  userCouponPageResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { adminIdOf, userIdOf } from '../../platform/auth';
import {
  adminAddCoupon,
  adminChangeCoupon,
  adminCouponInfo,
  adminCouponPage,
  adminRemoveCoupons,
  couponOfferPage,
  hideCoupons,
  receiveCoupon,
  userCouponInfo,
  userCouponList,
  userCouponPage,
} from './coupon.service';

const tags = ['coupon'];

/** Coupons on offer; with a token each says how many the caller already holds. */
export const couponInfoRoutes = defineRoutes('app/market/coupon/info', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: couponInfoPageRequest, response: { 200: envelope(couponInfoPageResponse) } },
      config: { auth: 'optional' },
    },
    async (req) => ok(await couponOfferPage(ctx, req.userId, req.body, req.locale)),
  );
});

/** The logged-in user's coupons: receive one on offer, list, page, info, hide. */
export const userCouponRoutes = defineRoutes('app/market/coupon/user', (r, ctx) => {
  const auth = { auth: 'user' as const };
  r.post(
    '/receive',
    { schema: { tags, body: couponReceiveRequest, response: { 200: envelope(userCoupon) } }, config: auth },
    async (req) => ok(await receiveCoupon(ctx, userIdOf(req), req.body.couponId, req.locale)),
  );
  r.post(
    '/list',
    {
      schema: { tags, body: userCouponListRequest, response: { 200: envelope(userCouponListResponse) } },
      config: auth,
    },
    async (req) => ok(await userCouponList(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/page',
    {
      schema: { tags, body: userCouponPageRequest, response: { 200: envelope(userCouponPageResponse) } },
      config: auth,
    },
    async (req) => ok(await userCouponPage(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.get(
    '/info',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(userCoupon) } }, config: auth },
    async (req) => ok(await userCouponInfo(ctx, userIdOf(req), req.query.id, req.locale)),
  );
  r.post(
    '/delete',
    {
      schema: { tags, body: userCouponDeleteRequest, response: { 200: envelope(userCouponDeleteResponse) } },
      config: auth,
    },
    async (req) => ok(await hideCoupons(ctx, userIdOf(req), req.body.ids)),
  );
});

/** Operators define coupons; support staff may read them. */
export const adminCouponRoutes = defineRoutes('admin/market/coupon', (r, ctx) => {
  const auth = { auth: 'admin' as const };
  const adminTags = ['admin coupon'];
  r.post(
    '/add',
    {
      schema: {
        tags: adminTags,
        body: adminCouponAddRequest,
        response: { 200: envelope(adminCouponIdResponse) },
      },
      config: auth,
    },
    async (req) => ok(await adminAddCoupon(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    {
      schema: { tags: adminTags, body: adminCouponUpdateRequest, response: { 200: envelope(adminCoupon) } },
      config: auth,
    },
    async (req) => ok(await adminChangeCoupon(ctx, adminIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/delete',
    {
      schema: {
        tags: adminTags,
        body: adminCouponIdsRequest,
        response: { 200: envelope(adminCouponCountResponse) },
      },
      config: auth,
    },
    async (req) => ok(await adminRemoveCoupons(ctx, adminIdOf(req), req.body.ids)),
  );
  r.post(
    '/page',
    {
      schema: {
        tags: adminTags,
        body: adminCouponPageRequest,
        response: { 200: envelope(adminCouponPageResponse) },
      },
      config: auth,
    },
    async (req) => {
      adminIdOf(req);
      return ok(await adminCouponPage(ctx, req.body, req.locale));
    },
  );
  r.get(
    '/info',
    {
      schema: { tags: adminTags, querystring: idQuery, response: { 200: envelope(adminCoupon) } },
      config: auth,
    },
    async (req) => {
      adminIdOf(req);
      return ok(await adminCouponInfo(ctx, req.query.id, req.locale));
    },
  );
});
