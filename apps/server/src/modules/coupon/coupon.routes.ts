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
  idQuery,
  userCoupon,
  userCouponDeleteRequest,
  userCouponDeleteResponse,
  userCouponListRequest,
  userCouponListResponse,
  userCouponPageRequest,
  userCouponPageResponse,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags, auth: 'optional' });
  c.post('/page', { body: couponInfoPageRequest, data: couponInfoPageResponse }, (req) =>
    couponOfferPage(ctx, req.userId, req.body, req.locale),
  );
});

/** The logged-in user's coupons: receive one on offer, list, page, info, hide. */
export const userCouponRoutes = defineRoutes('app/market/coupon/user', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/receive', { body: couponReceiveRequest, data: userCoupon }, (req) =>
    receiveCoupon(ctx, userIdOf(req), req.body.couponId, req.locale),
  );
  c.post('/list', { body: userCouponListRequest, data: userCouponListResponse }, (req) =>
    userCouponList(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/page', { body: userCouponPageRequest, data: userCouponPageResponse }, (req) =>
    userCouponPage(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/info', { query: idQuery, data: userCoupon }, (req) =>
    userCouponInfo(ctx, userIdOf(req), req.query.id, req.locale),
  );
  c.post('/delete', { body: userCouponDeleteRequest, data: userCouponDeleteResponse }, (req) =>
    hideCoupons(ctx, userIdOf(req), req.body.ids),
  );
});

/** Operators define coupons; support staff may read them. */
export const adminCouponRoutes = defineRoutes('admin/market/coupon', (r, ctx) => {
  const adminTags = ['admin coupon'];
  const c = calls(r, { tags: adminTags, auth: 'admin' });
  c.post(
    '/add',
    { body: adminCouponAddRequest, data: adminCouponIdResponse, permission: 'catalogue.write' },
    (req) => adminAddCoupon(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminCouponUpdateRequest, data: adminCoupon, permission: 'catalogue.write' },
    (req) => adminChangeCoupon(ctx, adminIdOf(req), req.body, req.locale),
  );
  c.post(
    '/delete',
    { body: adminCouponIdsRequest, data: adminCouponCountResponse, permission: 'catalogue.write' },
    (req) => adminRemoveCoupons(ctx, adminIdOf(req), req.body.ids),
  );
  c.post(
    '/page',
    { body: adminCouponPageRequest, data: adminCouponPageResponse, permission: 'catalogue.read' },
    async (req) => {
      adminIdOf(req);
      return adminCouponPage(ctx, req.body, req.locale);
    },
  );
  c.get('/info', { query: idQuery, data: adminCoupon, permission: 'catalogue.read' }, async (req) => {
    adminIdOf(req);
    return adminCouponInfo(ctx, req.query.id, req.locale);
  });
});
