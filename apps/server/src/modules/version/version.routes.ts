import { envelope, versionCheckQuery, versionCheckResponse } from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { checkVersion } from './version.service';

export const versionRoutes = defineRoutes('app/app/version', (r, ctx) => {
  r.get(
    '/check',
    {
      schema: {
        tags: ['version'],
        querystring: versionCheckQuery,
        response: { 200: envelope(versionCheckResponse) },
      },
    },
    async (req) => ok(await checkVersion(ctx.db, req.query.code)),
  );
});
