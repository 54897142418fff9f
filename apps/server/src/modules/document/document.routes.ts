import { z } from 'zod';
import {
  adminCountResponse,
  adminDocumentListRequest,
  adminDocumentSaveRequest,
  adminIdResponse,
  adminIdsRequest,
  appDocument,
  appDocumentQuery,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { deleteDocuments, listDocuments, readDocument, saveDocument } from './document.service';

/** Buyers read a document (agreement, privacy policy, ...) in their language; no sign-in needed. */
export const documentRoutes = defineRoutes('app/app/agreement', (r, ctx) => {
  const c = calls(r, { tags: ['document'] });
  c.get('/info', { query: appDocumentQuery, data: appDocument }, (req) =>
    readDocument(ctx, req.query.type, req.query.language ?? req.locale),
  );
});

/** Operators write documents per language. */
export const adminDocumentRoutes = defineRoutes('admin/app/agreement', (r, ctx) => {
  const tags = ['admin'];
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/list',
    { body: adminDocumentListRequest, data: z.array(appDocument), permission: 'content' },
    (req) => listDocuments(ctx, req.body?.type),
  );
  c.post('/save', { body: adminDocumentSaveRequest, data: adminIdResponse, permission: 'content' }, (req) =>
    saveDocument(ctx, req.body),
  );
  c.post('/delete', { body: adminIdsRequest, data: adminCountResponse, permission: 'content' }, (req) =>
    deleteDocuments(ctx, req.body.ids),
  );
});
