import {
  adminCountResponse,
  adminIdResponse,
  adminIdsRequest,
  adminVersionAddRequest,
  adminVersionPage,
  adminVersionPageRequest,
  adminVersionUpdateRequest,
  envelope,
  versionCheckQuery,
  versionCheckResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { checkVersion } from './version.service';
import { addVersion, deleteVersions, updateVersion, versionPage } from './version-admin.service';

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

/** Operators publish app versions: version code, notes, forced update (roles: platform/roles.ts). */
export const adminVersionRoutes = defineRoutes('admin/app/version', (r, ctx) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  r.post(
    '/page',
    {
      schema: { tags, body: adminVersionPageRequest, response: { 200: envelope(adminVersionPage) } },
      config,
    },
    async (req) => ok(await versionPage(ctx, req.body)),
  );
  r.post(
    '/add',
    { schema: { tags, body: adminVersionAddRequest, response: { 200: envelope(adminIdResponse) } }, config },
    async (req) => ok(await addVersion(ctx, req.body)),
  );
  r.post(
    '/update',
    {
      schema: { tags, body: adminVersionUpdateRequest, response: { 200: envelope(adminIdResponse) } },
      config,
    },
    async (req) => ok(await updateVersion(ctx, req.body)),
  );
  r.post(
    '/delete',
    { schema: { tags, body: adminIdsRequest, response: { 200: envelope(adminCountResponse) } }, config },
    async (req) => ok(await deleteVersions(ctx, req.body.ids)),
  );
});
