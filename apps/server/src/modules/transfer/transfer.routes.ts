import { z } from 'zod';
import {
  adminTransfer,
  adminTransferPageRequest,
  adminTransferPageResponse,
  adminTransferProofQuery,
  adminTransferRejectRequest,
  adminTransferVerifyRequest,
  submitProofRequest,
  transferInfo,
  transferOrderQuery,
} from '@simshop/contracts';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { calls, defineRoutes } from '../../platform/router';
import { verifyTransfer } from '../../flows';
import {
  adminProofFile,
  adminTransfers,
  bankInfo,
  proofStatus,
  rejectTransfer,
  submitProof,
} from './transfer.service';

const tags = ['transfer'];

/** A company account pays an order by bank transfer: payee and reference, proofs, status. */
export const transferRoutes = defineRoutes('app/order/transfer', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/bankInfo', { query: transferOrderQuery, data: transferInfo }, (req) =>
    bankInfo(ctx, userIdOf(req), req.query.orderId),
  );
  c.post('/submitProof', { body: submitProofRequest, data: transferInfo }, (req) =>
    submitProof(ctx, userIdOf(req), req.body),
  );
  c.get('/proofStatus', { query: transferOrderQuery, data: transferInfo }, (req) =>
    proofStatus(ctx, userIdOf(req), req.query.orderId),
  );
});

/** Operators match transfers against the bank statement: list, verify (the order is paid), reject. */
export const adminTransferRoutes = defineRoutes('admin/order/transfer', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminTransferPageRequest, data: adminTransferPageResponse, permission: 'transfers.read' },
    (req) => adminTransfers(ctx, adminIdOf(req), req.body),
  );
  r.get(
    '/proof',
    {
      schema: {
        tags,
        description:
          "One proof file of a transfer (its stored bytes, inline, with the type sniffed at submission). Fetch it with the operator's Authorization header.",
        querystring: adminTransferProofQuery,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
        response: { 200: z.string().describe('the file; a refusal or unknown id answers the JSON envelope') },
      },
      config: { auth: 'admin', permission: 'transfers.read' },
    },
    async (req, reply) => {
      const f = await adminProofFile(ctx, adminIdOf(req), req.query.id);
      return reply
        .header('content-type', f.mime)
        .header('content-disposition', `inline; filename="${f.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(f.data as unknown as string); // the bytes; the schema names them for the OpenAPI document
    },
  );
  c.post(
    '/verify',
    { body: adminTransferVerifyRequest, data: adminTransfer, permission: 'transfers.decide' },
    (req) => verifyTransfer(ctx, adminIdOf(req), req.body.orderId),
  );
  c.post(
    '/reject',
    { body: adminTransferRejectRequest, data: adminTransfer, permission: 'transfers.decide' },
    (req) => rejectTransfer(ctx, adminIdOf(req), req.body),
  );
});
