import {
  adminInvoiceBlanks,
  adminInvoiceDrawRequest,
  adminInvoiceDrawResponse,
  adminInvoiceProblemList,
  adminInvoiceRetryRequest,
  adminInvoiceTrackAddRequest,
  adminInvoiceTrackList,
  envelope,
  adminIdResponse,
  invoiceChoiceResponse,
  orderInvoiceQuery,
  orderInvoiceResponse,
} from '@simshop/contracts';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { checkDraw } from './invoice-draw.service';
import {
  blankReport,
  invoiceProblems,
  loadTrack,
  orderInvoiceOf,
  rememberedChoice,
  retryInvoice,
  trackList,
} from './invoice.service';

const tags = ['invoice'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** The buyer's e-invoices: an order's invoice, and the choice remembered for checkout. */
export const invoiceRoutes = defineRoutes('app/invoice/info', (r, ctx) => {
  r.get(
    '/order',
    {
      schema: { tags, querystring: orderInvoiceQuery, response: { 200: envelope(orderInvoiceResponse) } },
      config: user,
    },
    async (req) => ok(await orderInvoiceOf(ctx, userIdOf(req), req.query.id)),
  );
  r.get(
    '/choice',
    { schema: { tags, response: { 200: envelope(invoiceChoiceResponse) } }, config: user },
    async (req) => ok(await rememberedChoice(ctx, userIdOf(req))),
  );
});

/** Operators: invoices that are late, failed or rejected, and their retry. */
export const adminInvoiceRoutes = defineRoutes('admin/invoice/info', (r, ctx) => {
  r.get(
    '/problems',
    { schema: { tags, response: { 200: envelope(adminInvoiceProblemList) } }, config: admin },
    async (req) => ok(await invoiceProblems(ctx, req.locale)),
  );
  r.post(
    '/retry',
    {
      schema: { tags, body: adminInvoiceRetryRequest, response: { 200: envelope(adminIdResponse) } },
      config: admin,
    },
    async (req) => ok(await retryInvoice(ctx, req.body)),
  );
});

/** Operators: number tracks (字軌) per period, and the numbers ended periods left blank. */
export const adminInvoiceTrackRoutes = defineRoutes('admin/invoice/track', (r, ctx) => {
  r.get(
    '/list',
    { schema: { tags, response: { 200: envelope(adminInvoiceTrackList) } }, config: admin },
    async () => ok(await trackList(ctx)),
  );
  r.get(
    '/blanks',
    { schema: { tags, response: { 200: envelope(adminInvoiceBlanks) } }, config: admin },
    async () => ok(await blankReport(ctx)),
  );
  r.post(
    '/draw',
    {
      schema: { tags, body: adminInvoiceDrawRequest, response: { 200: envelope(adminInvoiceDrawResponse) } },
      config: admin,
    },
    async (req) => ok(await checkDraw(ctx, req.body)),
  );
  r.post(
    '/add',
    {
      schema: { tags, body: adminInvoiceTrackAddRequest, response: { 200: envelope(adminIdResponse) } },
      config: admin,
    },
    async (req) => ok(await loadTrack(ctx, adminIdOf(req), req.body)),
  );
});
