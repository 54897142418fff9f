import {
  SUCCESS_CODE,
  dictDataRequest,
  dictDataResponse,
  dictTypesResponse,
  envelope,
} from '@simshop/contracts';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { dictDataJson, listDictTypes } from './dict.service';

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
