import { z } from 'zod';
import {
  adminTransfer,
  adminTransferPageRequest,
  adminTransferPageResponse,
  adminTransferProofQuery,
  adminTransferRejectRequest,
  adminTransferVerifyRequest,
  envelope,
  submitProofRequest,
  transferInfo,
  transferOrderQuery,
} from '@simshop/contracts';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
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
const one = { 200: envelope(transferInfo) };

/** A company account pays an order by bank transfer: payee and reference, proofs, status. */
export const transferRoutes = defineRoutes('app/order/transfer', (r, ctx) => {
  const auth = { auth: 'user' as const };
  r.get(
    '/bankInfo',
    { schema: { tags, querystring: transferOrderQuery, response: one }, config: auth },
    async (req) => ok(await bankInfo(ctx, userIdOf(req), req.query.orderId)),
  );
  r.post(
    '/submitProof',
    { schema: { tags, body: submitProofRequest, response: one }, config: auth },
    async (req) => ok(await submitProof(ctx, userIdOf(req), req.body)),
  );
  r.get(
    '/proofStatus',
    { schema: { tags, querystring: transferOrderQuery, response: one }, config: auth },
    async (req) => ok(await proofStatus(ctx, userIdOf(req), req.query.orderId)),
  );
});

/** Operators match transfers against the bank statement: list, verify (the order is paid), reject. */
export const adminTransferRoutes = defineRoutes('admin/order/transfer', (r, ctx) => {
  const auth = { auth: 'admin' as const };
  const single = { 200: envelope(adminTransfer) };
  r.post(
    '/page',
    {
      schema: {
        tags,
        body: adminTransferPageRequest,
        response: { 200: envelope(adminTransferPageResponse) },
      },
      config: auth,
    },
    async (req) => ok(await adminTransfers(ctx, adminIdOf(req), req.body)),
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
      config: auth,
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
  r.post(
    '/verify',
    { schema: { tags, body: adminTransferVerifyRequest, response: single }, config: auth },
    async (req) => ok(await verifyTransfer(ctx, adminIdOf(req), req.body.orderId)),
  );
  r.post(
    '/reject',
    { schema: { tags, body: adminTransferRejectRequest, response: single }, config: auth },
    async (req) => ok(await rejectTransfer(ctx, adminIdOf(req), req.body)),
  );
});
