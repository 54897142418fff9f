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
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags: ['dict'] });
  c.get('/types', { data: dictTypesResponse }, (req) => listDictTypes(ctx.db, req.locale));
  c.raw.post('/data', { body: dictDataRequest.nullish(), data: dictDataResponse }, async (req, reply) => {
    // the cached JSON goes out as it is: a string with a JSON content type skips the serializer
    const data = await dictDataJson(ctx.db, req.body?.types, req.locale);
    const body = `{"code":${SUCCESS_CODE},"data":${data},"message":"success"}`;
    return reply.type('application/json; charset=utf-8').send(body as never);
  });
});

/** Operators edit dictionaries: types and their entries. */
export const adminDictTypeRoutes = defineRoutes('admin/dict/type', (r, ctx) => {
  const tags = ['admin'];
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/list', { data: z.array(adminDictType), permission: 'content' }, () => adminDictTypes(ctx));
  c.post('/add', { body: adminDictTypeAddRequest, data: adminIdResponse, permission: 'content' }, (req) =>
    addDictType(ctx, req.body),
  );
  c.post(
    '/update',
    { body: adminDictTypeUpdateRequest, data: adminIdResponse, permission: 'content' },
    (req) => updateDictType(ctx, req.body),
  );
  c.post('/delete', { body: adminIdsRequest, data: adminCountResponse, permission: 'content' }, (req) =>
    deleteDictTypes(ctx, req.body.ids),
  );
});

export const adminDictInfoRoutes = defineRoutes('admin/dict/info', (r, ctx) => {
  const tags = ['admin'];
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/list',
    { body: adminDictInfoListRequest, data: z.array(adminDictInfo), permission: 'content' },
    (req) => adminDictItems(ctx, req.body.typeId),
  );
  c.post('/add', { body: adminDictInfoAddRequest, data: adminIdResponse, permission: 'content' }, (req) =>
    addDictItem(ctx, req.body),
  );
  c.post(
    '/update',
    { body: adminDictInfoUpdateRequest, data: adminIdResponse, permission: 'content' },
    (req) => updateDictItem(ctx, req.body),
  );
  c.post('/delete', { body: adminIdsRequest, data: adminCountResponse, permission: 'content' }, (req) =>
    deleteDictItems(ctx, req.body.ids),
  );
});
