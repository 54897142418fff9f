import { z } from 'zod';
import {
  adminCountResponse,
  adminDocumentListRequest,
  adminDocumentSaveRequest,
  adminIdResponse,
  adminIdsRequest,
  appDocument,
  appDocumentQuery,
  envelope,
} from '@simshop/contracts';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { deleteDocuments, listDocuments, readDocument, saveDocument } from './document.service';

/** Buyers read a document (agreement, privacy policy, ...) in their language; no sign-in needed. */
export const documentRoutes = defineRoutes('app/app/agreement', (r, ctx) => {
  r.get(
    '/info',
    {
      schema: { tags: ['document'], querystring: appDocumentQuery, response: { 200: envelope(appDocument) } },
    },
    async (req) => ok(await readDocument(ctx, req.query.type, req.query.language ?? req.locale)),
  );
});

/** Operators write documents per language (roles: platform/roles.ts). */
export const adminDocumentRoutes = defineRoutes('admin/app/agreement', (r, ctx) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  r.post(
    '/list',
    {
      schema: { tags, body: adminDocumentListRequest, response: { 200: envelope(z.array(appDocument)) } },
      config,
    },
    async (req) => ok(await listDocuments(ctx, req.body?.type)),
  );
  r.post(
    '/save',
    {
      schema: { tags, body: adminDocumentSaveRequest, response: { 200: envelope(adminIdResponse) } },
      config,
    },
    async (req) => ok(await saveDocument(ctx, req.body)),
  );
  r.post(
    '/delete',
    { schema: { tags, body: adminIdsRequest, response: { 200: envelope(adminCountResponse) } }, config },
    async (req) => ok(await deleteDocuments(ctx, req.body.ids)),
  );
});
