import {
  envelope,
  epsResponse,
  paramQuery,
  paramResponse,
  payListResponse,
  uploadModeResponse,
  uploadRequest,
  uploadResponse,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { defineRoutes, type Router } from '../../platform/router';
import { acceptUpload, readUploadedFile, registerUploadParsing } from '../../platform/upload';
import { getParam, listAppEndpoints, listPayWays, uploadMode } from './common.service';

const uploadSchema = (tag: string) => ({
  tags: [tag],
  consumes: ['multipart/form-data'],
  body: uploadRequest,
  response: { 200: envelope(uploadResponse) },
});
/** The multipart body is read in the handler (readUploadedFile); the body schema only documents it. */
const passThrough = () => (value: unknown) => ({ value });

async function uploadRoute(r: Router, ctx: AppContext, who: 'user' | 'admin') {
  await registerUploadParsing(r);
  r.post(
    '/upload',
    {
      schema: uploadSchema(who === 'user' ? 'common' : 'admin'),
      validatorCompiler: passThrough,
      config: { auth: who },
    },
    async (req) => {
      const owner = who === 'user' ? { kind: who, id: userIdOf(req) } : { kind: who, id: adminIdOf(req) };
      const data = await readUploadedFile(req);
      return ok(await acceptUpload(ctx.db, ctx.files, data, owner));
    },
  );
}

export const commonRoutes = defineRoutes('app/base/comm', async (r, ctx) => {
  r.get(
    '/uploadMode',
    { schema: { tags: ['common'], response: { 200: envelope(uploadModeResponse) } } },
    async () => ok(uploadMode()),
  );
  await uploadRoute(r, ctx, 'user');
  r.get(
    '/param',
    { schema: { tags: ['common'], querystring: paramQuery, response: { 200: envelope(paramResponse) } } },
    async (req) => ok(await getParam(ctx.db, req.query.key)),
  );
  r.get(
    '/payList',
    { schema: { tags: ['common'], response: { 200: envelope(payListResponse) } } },
    async (req) =>
      ok(
        listPayWays(
          ctx.config,
          req.locale,
          Object.entries(ctx.providers.payments)
            .filter(([, ch]) => ch !== undefined)
            .map(([code]) => code),
        ),
      ),
  );
  r.get('/eps', { schema: { tags: ['common'], response: { 200: envelope(epsResponse) } } }, async () =>
    ok(listAppEndpoints(ctx.routes)),
  );
});

/** Operator uploads (banners, goods pictures later): the same checks, owned by the operator. */
export const adminUploadRoutes = defineRoutes('admin/base/comm', async (r, ctx) => {
  await uploadRoute(r, ctx, 'admin');
});
