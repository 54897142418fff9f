import {
  adminBannerInput,
  adminBannerListResponse,
  adminBannerUpdateRequest,
  adminCommentPageRequest,
  adminCommentPageResponse,
  adminCommentStatusRequest,
  adminCountResponse,
  adminGoodsAddRequest,
  adminGoodsInfo,
  adminGoodsPageRequest,
  adminGoodsPageResponse,
  adminGoodsTypeInput,
  adminGoodsTypeListResponse,
  adminGoodsTypeUpdateRequest,
  adminGoodsUpdateRequest,
  adminIdResponse,
  adminIdsRequest,
  adminKeywordInput,
  adminKeywordListResponse,
  adminKeywordUpdateRequest,
  adminOnSaleRequest,
  adminSaleTypeInput,
  adminSaleTypeListResponse,
  adminSaleTypeUpdateRequest,
  adminSpecAddRequest,
  adminSpecUpdateRequest,
  adminStockChangeRequest,
  adminStockChangeResponse,
  envelope,
  idQuery,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { adminIdOf } from '../../platform/auth';
import {
  addBanner,
  addGoodsType,
  addKeyword,
  addSaleType,
  adminBannerList,
  adminKeywordList,
  adminSaleTypeList,
  adminTypeList,
  changeBanner,
  changeGoodsType,
  changeKeyword,
  changeSaleType,
  removeBanners,
  removeGoodsTypes,
  removeKeywords,
  removeSaleTypes,
} from './catalogue-admin-lists.service';
import {
  addGoods,
  addSpec,
  adminCommentPage,
  adminGoodsDetail,
  adminGoodsPage,
  changeGoods,
  changeSpec,
  changeStock,
  putGoodsOnSale,
  removeGoods,
  removeSpecs,
  setCommentsStatus,
} from './catalogue-admin.service';
import { stockLogOperatorRoutes } from './catalogue.routes';

/**
 * Operator calls of the catalogue (admin token). Every change runs in one transaction, needs the role super
 * or operator (support reads only), and drops every cached catalogue answer, so shoppers see it on their next read.
 */
const tags = ['admin-catalogue'];
const config = { auth: 'admin' as const };
const idOut = { 200: envelope(adminIdResponse) };
const countOut = { 200: envelope(adminCountResponse) };

export const adminGoodsRoutes = defineRoutes('admin/goods/info', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: adminGoodsPageRequest, response: { 200: envelope(adminGoodsPageResponse) } },
      config,
    },
    async (req) => ok(await adminGoodsPage(ctx, req.body, req.locale)),
  );
  r.get(
    '/info',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(adminGoodsInfo) } }, config },
    async (req) => ok(await adminGoodsDetail(ctx, req.query.id, req.locale)),
  );
  r.post(
    '/add',
    {
      schema: {
        tags,
        description: 'Creates a goods with its specs; starting stock is logged as admin.',
        body: adminGoodsAddRequest,
        response: idOut,
      },
      config,
    },
    async (req) => ok(await addGoods(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    { schema: { tags, body: adminGoodsUpdateRequest, response: idOut }, config },
    async (req) => ok(await changeGoods(ctx, adminIdOf(req), req.body)),
  );
  r.post('/onSale', { schema: { tags, body: adminOnSaleRequest, response: countOut }, config }, async (req) =>
    ok(await putGoodsOnSale(ctx, adminIdOf(req), req.body.ids, req.body.onSale)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeGoods(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminSpecRoutes = defineRoutes('admin/goods/spec', (r, ctx) => {
  r.post('/add', { schema: { tags, body: adminSpecAddRequest, response: idOut }, config }, async (req) =>
    ok(await addSpec(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    {
      schema: {
        tags,
        description: 'Stock is not changed here: use admin/goods/stock/change.',
        body: adminSpecUpdateRequest,
        response: idOut,
      },
      config,
    },
    async (req) => ok(await changeSpec(ctx, adminIdOf(req), req.body)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeSpecs(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminStockRoutes = defineRoutes('admin/goods/stock', (r, ctx) => {
  r.post(
    '/change',
    {
      schema: {
        tags,
        description:
          "Adds to or takes from a spec's stock (never below zero: STOCK_NOT_ENOUGH); logged as admin.",
        body: adminStockChangeRequest,
        response: { 200: envelope(adminStockChangeResponse) },
      },
      config,
    },
    async (req) => ok(await changeStock(ctx, adminIdOf(req), req.body)),
  );
});

export const adminStockLogRoutes = defineRoutes('admin/goods/stockLog', (r, ctx) =>
  stockLogOperatorRoutes(r, ctx),
);

export const adminGoodsTypeRoutes = defineRoutes('admin/goods/type', (r, ctx) => {
  r.post(
    '/list',
    { schema: { tags, response: { 200: envelope(adminGoodsTypeListResponse) } }, config },
    async (req) => ok(await adminTypeList(ctx, req.locale)),
  );
  r.post('/add', { schema: { tags, body: adminGoodsTypeInput, response: idOut }, config }, async (req) =>
    ok(await addGoodsType(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    { schema: { tags, body: adminGoodsTypeUpdateRequest, response: idOut }, config },
    async (req) => ok(await changeGoodsType(ctx, adminIdOf(req), req.body)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeGoodsTypes(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminSaleTypeRoutes = defineRoutes('admin/goods/saleType', (r, ctx) => {
  r.post(
    '/list',
    { schema: { tags, response: { 200: envelope(adminSaleTypeListResponse) } }, config },
    async (req) => ok(await adminSaleTypeList(ctx, req.locale)),
  );
  r.post('/add', { schema: { tags, body: adminSaleTypeInput, response: idOut }, config }, async (req) =>
    ok(await addSaleType(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    { schema: { tags, body: adminSaleTypeUpdateRequest, response: idOut }, config },
    async (req) => ok(await changeSaleType(ctx, adminIdOf(req), req.body)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeSaleTypes(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminBannerRoutes = defineRoutes('admin/market/banner', (r, ctx) => {
  r.post(
    '/list',
    { schema: { tags, response: { 200: envelope(adminBannerListResponse) } }, config },
    async (req) => ok(await adminBannerList(ctx, req.locale)),
  );
  r.post('/add', { schema: { tags, body: adminBannerInput, response: idOut }, config }, async (req) =>
    ok(await addBanner(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    { schema: { tags, body: adminBannerUpdateRequest, response: idOut }, config },
    async (req) => ok(await changeBanner(ctx, adminIdOf(req), req.body)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeBanners(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminKeywordRoutes = defineRoutes('admin/goods/searchKeyword', (r, ctx) => {
  r.post(
    '/list',
    { schema: { tags, response: { 200: envelope(adminKeywordListResponse) } }, config },
    async (req) => ok(await adminKeywordList(ctx, req.locale)),
  );
  r.post('/add', { schema: { tags, body: adminKeywordInput, response: idOut }, config }, async (req) =>
    ok(await addKeyword(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/update',
    { schema: { tags, body: adminKeywordUpdateRequest, response: idOut }, config },
    async (req) => ok(await changeKeyword(ctx, adminIdOf(req), req.body)),
  );
  r.post('/delete', { schema: { tags, body: adminIdsRequest, response: countOut }, config }, async (req) =>
    ok(await removeKeywords(ctx, adminIdOf(req), req.body.ids)),
  );
});

export const adminCommentRoutes = defineRoutes('admin/goods/comment', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: { tags, body: adminCommentPageRequest, response: { 200: envelope(adminCommentPageResponse) } },
      config,
    },
    async (req) => ok(await adminCommentPage(ctx, req.body, req.locale)),
  );
  r.post(
    '/status',
    {
      schema: {
        tags,
        description: 'Hides (0) or shows (1) reviews; averages follow.',
        body: adminCommentStatusRequest,
        response: countOut,
      },
      config,
    },
    async (req) => ok(await setCommentsStatus(ctx, adminIdOf(req), req.body.ids, req.body.status)),
  );
});

/** Every operator route module of the catalogue, for modules/index.ts. */
export const catalogueAdminRouteModules = [
  adminGoodsRoutes,
  adminSpecRoutes,
  adminStockRoutes,
  adminStockLogRoutes,
  adminGoodsTypeRoutes,
  adminSaleTypeRoutes,
  adminBannerRoutes,
  adminKeywordRoutes,
  adminCommentRoutes,
];
