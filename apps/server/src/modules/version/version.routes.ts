import {
  adminCountResponse,
  adminIdResponse,
  adminIdsRequest,
  adminVersionAddRequest,
  adminVersionPage,
  adminVersionPageRequest,
  adminVersionUpdateRequest,
  versionCheckQuery,
  versionCheckResponse,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { checkVersion } from './version.service';
import { addVersion, deleteVersions, updateVersion, versionPage } from './version-admin.service';

export const versionRoutes = defineRoutes('app/app/version', (r, ctx) => {
  const c = calls(r, { tags: ['version'] });
  c.get('/check', { query: versionCheckQuery, data: versionCheckResponse }, (req) =>
    checkVersion(ctx.db, req.query.code),
  );
});

/** Operators publish app versions: version code, notes, forced update. */
export const adminVersionRoutes = defineRoutes('admin/app/version', (r, ctx) => {
  const tags = ['admin'];
  const c = calls(r, { tags, auth: 'admin' });
  c.post('/page', { body: adminVersionPageRequest, data: adminVersionPage, permission: 'content' }, (req) =>
    versionPage(ctx, req.body),
  );
  c.post('/add', { body: adminVersionAddRequest, data: adminIdResponse, permission: 'content' }, (req) =>
    addVersion(ctx, req.body),
  );
  c.post(
    '/update',
    { body: adminVersionUpdateRequest, data: adminIdResponse, permission: 'content' },
    (req) => updateVersion(ctx, req.body),
  );
  c.post('/delete', { body: adminIdsRequest, data: adminCountResponse, permission: 'content' }, (req) =>
    deleteVersions(ctx, req.body.ids),
  );
});
