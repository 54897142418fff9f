import { z } from 'zod';
import {
  adminCountResponse,
  adminDictInfo,
  adminDictInfoAddRequest,
  adminDictInfoListRequest,
  adminDictInfoUpdateRequest,
  adminDictType,
  adminDictTypeAddRequest,
  adminDictTypeUpdateRequest,
  adminIdResponse,
  adminIdsRequest,
  SUCCESS_CODE,
  dictDataRequest,
  dictDataResponse,
  dictTypesResponse,
  envelope,
} from '@simshop/contracts';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { dictDataJson, listDictTypes } from './dict.service';
import {
  addDictItem,
  addDictType,
  adminDictItems,
  adminDictTypes,
  deleteDictItems,
  deleteDictTypes,
  updateDictItem,
  updateDictType,
} from './dict-admin.service';

export const dictRoutes = defineRoutes('app/dict/info', (r, ctx) => {
  r.get(
    '/types',
    { schema: { tags: ['dict'], response: { 200: envelope(dictTypesResponse) } } },
    async (req) => ok(await listDictTypes(ctx.db, req.locale)),
  );
  r.post(
    '/data',
    {
      schema: {
        tags: ['dict'],
        body: dictDataRequest.nullish(),
        response: { 200: envelope(dictDataResponse) },
      },
    },
    async (req, reply) => {
      // the cached JSON goes out as it is: a string with a JSON content type skips the serializer
      const data = await dictDataJson(ctx.db, req.body?.types, req.locale);
      const body = `{"code":${SUCCESS_CODE},"data":${data},"message":"success"}`;
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
});

/** Operators edit dictionaries: types and their entries (roles: platform/roles.ts). */
export const adminDictTypeRoutes = defineRoutes('admin/dict/type', (r, ctx) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  r.post(
    '/list',
    { schema: { tags, response: { 200: envelope(z.array(adminDictType)) } }, config },
    async () => ok(await adminDictTypes(ctx)),
  );
  r.post(
    '/add',
    { schema: { tags, body: adminDictTypeAddRequest, response: { 200: envelope(adminIdResponse) } }, config },
    async (req) => ok(await addDictType(ctx, req.body)),
  );
  r.post(
    '/update',
    {
      schema: { tags, body: adminDictTypeUpdateRequest, response: { 200: envelope(adminIdResponse) } },
      config,
    },
    async (req) => ok(await updateDictType(ctx, req.body)),
  );
  r.post(
    '/delete',
    { schema: { tags, body: adminIdsRequest, response: { 200: envelope(adminCountResponse) } }, config },
    async (req) => ok(await deleteDictTypes(ctx, req.body.ids)),
  );
});

export const adminDictInfoRoutes = defineRoutes('admin/dict/info', (r, ctx) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  r.post(
    '/list',
    {
      schema: { tags, body: adminDictInfoListRequest, response: { 200: envelope(z.array(adminDictInfo)) } },
      config,
    },
    async (req) => ok(await adminDictItems(ctx, req.body.typeId)),
  );
  r.post(
    '/add',
    { schema: { tags, body: adminDictInfoAddRequest, response: { 200: envelope(adminIdResponse) } }, config },
    async (req) => ok(await addDictItem(ctx, req.body)),
  );
  r.post(
    '/update',
    {
      schema: { tags, body: adminDictInfoUpdateRequest, response: { 200: envelope(adminIdResponse) } },
      config,
    },
    async (req) => ok(await updateDictItem(ctx, req.body)),
  );
  r.post(
    '/delete',
    { schema: { tags, body: adminIdsRequest, response: { 200: envelope(adminCountResponse) } }, config },
    async (req) => ok(await deleteDictItems(ctx, req.body.ids)),
  );
});
