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
import { calls, defineRoutes, type Router } from '../../platform/router';
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
      // an operator's upload needs the `upload` permission (platform/roles.ts)
      config: who === 'admin' ? { auth: who, permission: 'upload' } : { auth: who },
    },
    async (req) => {
      const owner = who === 'user' ? { kind: who, id: userIdOf(req) } : { kind: who, id: adminIdOf(req) };
      const data = await readUploadedFile(req);
      return ok(await acceptUpload(ctx.db, ctx.files, data, owner));
    },
  );
}

export const commonRoutes = defineRoutes('app/base/comm', async (r, ctx) => {
  const c = calls(r, { tags: ['common'] });
  c.get('/uploadMode', { data: uploadModeResponse }, () => uploadMode());
  await uploadRoute(r, ctx, 'user');
  c.get('/param', { query: paramQuery, data: paramResponse }, (req) => getParam(ctx.db, req.query.key));
  c.get('/payList', { data: payListResponse }, (req) =>
    listPayWays(
      ctx.config,
      req.locale,
      Object.entries(ctx.providers.payments)
        .filter(([, ch]) => ch !== undefined)
        .map(([code]) => code),
    ),
  );
  c.get('/eps', { data: epsResponse }, () => listAppEndpoints(ctx.routes));
});

/** Operator uploads (banners, goods pictures later): the same checks, owned by the operator. */
export const adminUploadRoutes = defineRoutes('admin/base/comm', async (r, ctx) => {
  await uploadRoute(r, ctx, 'admin');
});
