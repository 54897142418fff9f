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
  idQuery,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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

export const adminGoodsRoutes = defineRoutes('admin/goods/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminGoodsPageRequest, data: adminGoodsPageResponse, permission: 'catalogue.read' },
    (req) => adminGoodsPage(ctx, req.body, req.locale),
  );
  c.get('/info', { query: idQuery, data: adminGoodsInfo, permission: 'catalogue.read' }, (req) =>
    adminGoodsDetail(ctx, req.query.id, req.locale),
  );
  c.post(
    '/add',
    {
      description: 'Creates a goods with its specs; starting stock is logged as admin.',
      body: adminGoodsAddRequest,
      data: adminIdResponse,
      permission: 'catalogue.write',
    },
    (req) => addGoods(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminGoodsUpdateRequest, data: adminIdResponse, permission: 'catalogue.write' },
    (req) => changeGoods(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/onSale',
    { body: adminOnSaleRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => putGoodsOnSale(ctx, adminIdOf(req), req.body.ids, req.body.onSale),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeGoods(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminSpecRoutes = defineRoutes('admin/goods/spec', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/add', { body: adminSpecAddRequest, data: adminIdResponse, permission: 'catalogue.write' }, (req) =>
    addSpec(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    {
      description: 'Stock is not changed here: use admin/goods/stock/change.',
      body: adminSpecUpdateRequest,
      data: adminIdResponse,
      permission: 'catalogue.write',
    },
    (req) => changeSpec(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeSpecs(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminStockRoutes = defineRoutes('admin/goods/stock', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/change',
    {
      description:
        "Adds to or takes from a spec's stock (never below zero: STOCK_NOT_ENOUGH); logged as admin.",
      body: adminStockChangeRequest,
      data: adminStockChangeResponse,
      permission: 'catalogue.write',
    },
    (req) => changeStock(ctx, adminIdOf(req), req.body),
  );
});

export const adminStockLogRoutes = defineRoutes('admin/goods/stockLog', (r, ctx) =>
  stockLogOperatorRoutes(r, ctx),
);

export const adminGoodsTypeRoutes = defineRoutes('admin/goods/type', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/list', { data: adminGoodsTypeListResponse, permission: 'catalogue.read' }, (req) =>
    adminTypeList(ctx, req.locale),
  );
  c.post('/add', { body: adminGoodsTypeInput, data: adminIdResponse, permission: 'catalogue.write' }, (req) =>
    addGoodsType(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminGoodsTypeUpdateRequest, data: adminIdResponse, permission: 'catalogue.write' },
    (req) => changeGoodsType(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeGoodsTypes(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminSaleTypeRoutes = defineRoutes('admin/goods/saleType', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/list', { data: adminSaleTypeListResponse, permission: 'catalogue.read' }, (req) =>
    adminSaleTypeList(ctx, req.locale),
  );
  c.post('/add', { body: adminSaleTypeInput, data: adminIdResponse, permission: 'catalogue.write' }, (req) =>
    addSaleType(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminSaleTypeUpdateRequest, data: adminIdResponse, permission: 'catalogue.write' },
    (req) => changeSaleType(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeSaleTypes(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminBannerRoutes = defineRoutes('admin/market/banner', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/list', { data: adminBannerListResponse, permission: 'catalogue.read' }, (req) =>
    adminBannerList(ctx, req.locale),
  );
  c.post('/add', { body: adminBannerInput, data: adminIdResponse, permission: 'catalogue.write' }, (req) =>
    addBanner(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminBannerUpdateRequest, data: adminIdResponse, permission: 'catalogue.write' },
    (req) => changeBanner(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeBanners(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminKeywordRoutes = defineRoutes('admin/goods/searchKeyword', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/list', { data: adminKeywordListResponse, permission: 'catalogue.read' }, (req) =>
    adminKeywordList(ctx, req.locale),
  );
  c.post('/add', { body: adminKeywordInput, data: adminIdResponse, permission: 'catalogue.write' }, (req) =>
    addKeyword(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/update',
    { body: adminKeywordUpdateRequest, data: adminIdResponse, permission: 'catalogue.write' },
    (req) => changeKeyword(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delete',
    { body: adminIdsRequest, data: adminCountResponse, permission: 'catalogue.write' },
    (req) => removeKeywords(ctx, adminIdOf(req), req.body.ids),
  );
});

export const adminCommentRoutes = defineRoutes('admin/goods/comment', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminCommentPageRequest, data: adminCommentPageResponse, permission: 'catalogue.read' },
    (req) => adminCommentPage(ctx, req.body, req.locale),
  );
  c.post(
    '/status',
    {
      description: 'Hides (0) or shows (1) reviews; averages follow.',
      body: adminCommentStatusRequest,
      data: adminCountResponse,
      permission: 'catalogue.write',
    },
    (req) => setCommentsStatus(ctx, adminIdOf(req), req.body.ids, req.body.status),
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
