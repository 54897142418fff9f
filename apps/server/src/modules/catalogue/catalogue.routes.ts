import { z } from 'zod';
import {
  bannerListRequest,
  bannerListResponse,
  commentPageRequest,
  commentPageResponse,
  commentSummary as commentSummarySchema,
  commentSummaryQuery,
  destinationListRequest,
  destinationOffer,
  goodsDetail,
  goodsInfoQuery,
  goodsListRequest,
  goodsListResponse,
  goodsPageRequest,
  goodsPageResponse,
  goodsSpec,
  goodsTypeListRequest,
  goodsTypeListResponse,
  homeFeed as homeFeedSchema,
  idQuery,
  keywordListRequest,
  keywordListResponse,
  keywordPageRequest,
  pageOf,
  saleTypeByCodeQuery,
  saleTypeInfo,
  saleTypeListRequest,
  saleTypeListResponse,
  searchKeyword,
  specListRequest,
  specListResponse,
  specPageRequest,
  stockHistoryQuery,
  stockHistoryResponse,
  stockLogEntry,
  stockLogListRequest,
  stockLogPageRequest,
  stockLogPageResponse,
} from '@simshop/contracts';
import { calls, defineRoutes, type Router } from '../../platform/router';
import { ok } from '../../platform/http';
import type { AppContext } from '../../context';
import { goodsTag } from './catalogue.cache';
import { sendAnswer } from '../../platform/answer-cache';
import { esimDeviceRoutes } from './catalogue-devices.routes';
import {
  bannerList,
  cachedRead,
  destinationOffers,
  goodsDetail as loadGoodsDetail,
  goodsList,
  goodsPage,
  homeFeed,
  keywordInfo,
  keywordList,
  keywordPage,
  listGoodsTypes,
  saleTypeByCode,
  saleTypeInfoById,
  saleTypeList,
  specInfo,
  specList,
  specPage,
} from './catalogue.service';
import { commentPage, commentSummary } from './catalogue-reviews.service';
import { stockHistory, stockLogInfo, stockLogList, stockLogPage } from './catalogue-stock.service';

const tags = ['catalogue'];

/** Categories: the visible type tree. */
export const goodsTypeRoutes = defineRoutes('app/goods/type', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post(
    '/list',
    { body: goodsTypeListRequest.nullish(), data: goodsTypeListResponse },
    async (req, reply) => {
      const body = req.body ?? {};
      return sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'type/list', locale: req.locale, input: body },
          goodsTypeListResponse,
          () => listGoodsTypes(ctx, req.locale, body),
        ),
      );
    },
  );
});

/** Goods pages and the detail. */
export const goodsInfoRoutes = defineRoutes('app/goods/info', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post('/page', { body: goodsPageRequest, data: goodsPageResponse }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'info/page', locale: req.locale, input: req.body },
        goodsPageResponse,
        () => goodsPage(ctx, req.body, req.locale),
      ),
    ),
  );
  c.raw.get(
    '/info',
    {
      description: 'An on-sale goods; GOODS_OFF_SALE when it is off sale, GOODS_NOT_FOUND when it is gone.',
      query: goodsInfoQuery,
      data: goodsDetail,
    },
    async (req, reply) =>
      sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'info/info', locale: req.locale, input: req.query.id, tags: [goodsTag(req.query.id)] },
          goodsDetail,
          () => loadGoodsDetail(ctx, req.query.id, req.locale),
        ),
      ),
  );
});

/** Goods lists without paging, the home feed and destinations. */
export const goodsRoutes = defineRoutes('app/goods', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post('/list', { body: goodsListRequest, data: goodsListResponse }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'goods/list', locale: req.locale, input: req.body },
        goodsListResponse,
        () => goodsList(ctx, req.body, req.locale),
      ),
    ),
  );
  c.raw.get(
    '/home',
    {
      description:
        'The home page in one call: banners, category shortcuts, popular destinations, recommended goods, hot keywords.',
      data: homeFeedSchema,
    },
    async (req, reply) =>
      sendAnswer(
        reply,
        await cachedRead(ctx, { route: 'goods/home', locale: req.locale }, homeFeedSchema, () =>
          homeFeed(ctx, req.locale),
        ),
      ),
  );
  c.raw.get(
    '/destinations',
    {
      description: 'Countries and regions covered by on-sale goods, most sold first, with the lowest price.',
      query: destinationListRequest,
      data: z.array(destinationOffer),
    },
    async (req, reply) =>
      sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'goods/destinations', locale: req.locale, input: req.query },
          z.array(destinationOffer),
          () => destinationOffers(ctx, req.query, req.locale),
        ),
      ),
  );
});

/** Specs of on-sale goods (read only; operators change them under admin/goods/spec). */
export const goodsSpecRoutes = defineRoutes('app/goods/spec', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post('/list', { body: specListRequest, data: specListResponse }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'spec/list', locale: req.locale, input: req.body, tags: [goodsTag(req.body.goodsId)] },
        specListResponse,
        () => specList(ctx, req.body.goodsId, req.locale),
      ),
    ),
  );
  c.raw.post('/page', { body: specPageRequest, data: pageOf(goodsSpec) }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'spec/page', locale: req.locale, input: req.body, tags: [goodsTag(req.body.goodsId)] },
        pageOf(goodsSpec),
        () => specPage(ctx, req.body, req.locale),
      ),
    ),
  );
  c.get('/info', { query: idQuery, data: goodsSpec }, (req) => specInfo(ctx, req.query.id, req.locale));
});

/** Sale types: by code (getBySaleType), by id, and all. */
export const saleTypeRoutes = defineRoutes('app/goods/saleType', (r, ctx) => {
  const c = calls(r, { tags });
  c.get(
    '/getBySaleType',
    {
      description: 'The sale type with this code (e.g. esim, sim, topup).',
      query: saleTypeByCodeQuery,
      data: saleTypeInfo,
    },
    (req) => saleTypeByCode(ctx, req.query.saleType, req.locale),
  );
  c.get('/info', { query: idQuery, data: saleTypeInfo }, (req) =>
    saleTypeInfoById(ctx, req.query.id, req.locale),
  );
  c.raw.post(
    '/list',
    { body: saleTypeListRequest.nullish(), data: saleTypeListResponse },
    async (req, reply) =>
      sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'saleType/list', locale: req.locale, input: req.body ?? {} },
          saleTypeListResponse,
          () => saleTypeList(ctx, req.body?.goodsType, req.locale),
        ),
      ),
  );
});

/** Banners showing now. */
export const bannerRoutes = defineRoutes('app/market/banner', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post('/list', { body: bannerListRequest.nullish(), data: bannerListResponse }, async (req, reply) => {
    const position = req.body?.position ?? 'home';
    return sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'banner/list', locale: req.locale, input: position },
        bannerListResponse,
        () => bannerList(ctx, position, req.locale),
      ),
    );
  });
});

/** Hot search keywords set by operators. */
export const searchKeywordRoutes = defineRoutes('app/goods/searchKeyword', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post(
    '/list',
    { body: keywordListRequest.nullish(), data: keywordListResponse },
    async (req, reply) => {
      const limit = req.body?.limit ?? 10;
      return sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'keyword/list', locale: req.locale, input: limit },
          keywordListResponse,
          () => keywordList(ctx, limit, req.locale),
        ),
      );
    },
  );
  c.raw.post('/page', { body: keywordPageRequest, data: pageOf(searchKeyword) }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        { route: 'keyword/page', locale: req.locale, input: req.body },
        pageOf(searchKeyword),
        () => keywordPage(ctx, req.body, req.locale),
      ),
    ),
  );
  c.get('/info', { query: idQuery, data: searchKeyword }, (req) =>
    keywordInfo(ctx, req.query.id, req.locale),
  );
});

/** Reviews and their summary. */
export const goodsCommentRoutes = defineRoutes('app/goods/comment', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.post(
    '/page',
    {
      description:
        "Visible reviews, newest first. With orderId: the caller's own reviews of that order (token needed).",
      body: commentPageRequest,
      data: commentPageResponse,
      auth: 'optional',
    },
    async (req, reply) => {
      // a buyer's own reviews of an order are personal: never cached
      if (req.body.orderId !== undefined || req.body.goodsId === undefined)
        return ok(await commentPage(ctx, req.body, req.locale, req.userId));
      return sendAnswer(
        reply,
        await cachedRead(
          ctx,
          { route: 'comment/page', locale: req.locale, input: req.body, tags: [goodsTag(req.body.goodsId)] },
          commentPageResponse,
          () => commentPage(ctx, req.body, req.locale, null),
        ),
      );
    },
  );
  c.raw.get('/summary', { query: commentSummaryQuery, data: commentSummarySchema }, async (req, reply) =>
    sendAnswer(
      reply,
      await cachedRead(
        ctx,
        {
          route: 'comment/summary',
          locale: req.locale,
          input: req.query.goodsId,
          tags: [goodsTag(req.query.goodsId)],
        },
        commentSummarySchema,
        () => commentSummary(ctx, req.query.goodsId),
      ),
    ),
  );
});

/** Registers the operator views of the stock log (auth admin) on a router; shared by app/ and admin/ namespaces. */
export function stockLogOperatorRoutes(r: Router, ctx: AppContext) {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: stockLogPageRequest, data: stockLogPageResponse, permission: 'catalogue.read' },
    (req) => stockLogPage(ctx, req.body, req.locale),
  );
  c.post(
    '/list',
    { body: stockLogListRequest, data: z.array(stockLogEntry), permission: 'catalogue.read' },
    (req) => stockLogList(ctx, req.body, req.locale),
  );
  c.get('/info', { query: idQuery, data: stockLogEntry, permission: 'catalogue.read' }, (req) =>
    stockLogInfo(ctx, req.query.id, req.locale),
  );
}

/**
 * The stock log. Stock levels, orders and operators are operator data, so list, page and info need an operator
 * token; /history is the buyer-safe view (recent purchases of a goods: spec, quantity, minute).
 */
export const stockLogRoutes = defineRoutes('app/goods/stockLog', (r, ctx) => {
  const c = calls(r, { tags });
  c.raw.get(
    '/history',
    {
      description:
        'Recent purchases of a goods: spec, quantity and the minute. No stock levels, orders or buyers.',
      query: stockHistoryQuery,
      data: stockHistoryResponse,
    },
    async (req, reply) =>
      sendAnswer(
        reply,
        await cachedRead(
          ctx,
          {
            route: 'stockLog/history',
            locale: req.locale,
            input: req.query,
            tags: [goodsTag(req.query.goodsId)],
          },
          stockHistoryResponse,
          () => stockHistory(ctx, req.query.goodsId, req.query.limit, req.locale),
        ),
      ),
  );
  stockLogOperatorRoutes(r, ctx);
});

/** Every shopper-facing route module of the catalogue, for modules/index.ts. */
export const catalogueRouteModules = [
  goodsTypeRoutes,
  goodsInfoRoutes,
  goodsRoutes,
  goodsSpecRoutes,
  saleTypeRoutes,
  bannerRoutes,
  searchKeywordRoutes,
  goodsCommentRoutes,
  stockLogRoutes,
  esimDeviceRoutes,
];
