import { z } from 'zod';
import {
  adminInvoiceBlankFileQuery,
  adminInvoiceBlanks,
  adminInvoiceDrawRequest,
  adminInvoiceDrawResponse,
  adminInvoiceDocumentPage,
  adminInvoiceDocumentPageRequest,
  adminInvoiceProblemList,
  adminInvoiceRetryRequest,
  adminInvoiceTrack,
  adminInvoiceTrackAddRequest,
  adminInvoiceTrackList,
  adminInvoiceTrackRegisterRequest,
  adminIdResponse,
  invoiceChoiceResponse,
  orderInvoiceQuery,
  orderInvoiceResponse,
} from '@simshop/contracts';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { calls, defineRoutes } from '../../platform/router';
import { checkDraw } from './invoice-draw.service';
import { blankFiling } from './invoice.blank';
import {
  blankReport,
  invoiceDocumentPage,
  invoiceProblems,
  orderInvoiceOf,
  rememberedChoice,
  retryInvoice,
} from './invoice.service';
import { loadTrack, retryTrackRegistration, trackList } from './invoice-tracks.service';

const tags = ['invoice'];

/** The buyer's e-invoices: an order's invoice, and the choice remembered for checkout. */
export const invoiceRoutes = defineRoutes('app/invoice/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/order', { query: orderInvoiceQuery, data: orderInvoiceResponse }, (req) =>
    orderInvoiceOf(ctx, userIdOf(req), req.query.id),
  );
  c.get('/choice', { data: invoiceChoiceResponse }, (req) => rememberedChoice(ctx, userIdOf(req)));
});

/** Operators: every invoice, allowance and void; those that are late, failed or rejected; their retry. */
export const adminInvoiceRoutes = defineRoutes('admin/invoice/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    {
      body: adminInvoiceDocumentPageRequest,
      data: adminInvoiceDocumentPage,
      permission: 'invoices.read',
    },
    (req) => invoiceDocumentPage(ctx, req.body, req.locale),
  );
  c.get('/problems', { data: adminInvoiceProblemList, permission: 'invoices.read' }, (req) =>
    invoiceProblems(ctx, req.locale),
  );
  c.post(
    '/retry',
    { body: adminInvoiceRetryRequest, data: adminIdResponse, permission: 'invoices.write' },
    (req) => retryInvoice(ctx, req.body),
  );
});

/** Operators: number tracks (字軌) per period, their registration with ezPay, and the numbers ended periods left blank. */
export const adminInvoiceTrackRoutes = defineRoutes('admin/invoice/track', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.get('/list', { data: adminInvoiceTrackList, permission: 'invoices.read' }, (req) =>
    trackList(ctx, req.locale),
  );
  c.get('/blanks', { data: adminInvoiceBlanks, permission: 'invoices.read' }, () => blankReport(ctx));
  r.get(
    '/blanks/e0402',
    {
      schema: {
        tags,
        description:
          "An ended period's blank numbers of one track prefix as the MIG 4.1 E0402 message (BranchTrackBlank) a Turnkey upload takes.",
        querystring: adminInvoiceBlankFileQuery,
        produces: ['application/xml'],
        response: { 200: z.string().describe('application/xml; a refusal answers the JSON envelope') },
      },
      config: { auth: 'admin', permission: 'invoices.read' },
    },
    async (req, reply) => {
      const file = await blankFiling(ctx, req.query);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.xml);
    },
  );
  c.post(
    '/draw',
    { body: adminInvoiceDrawRequest, data: adminInvoiceDrawResponse, permission: 'invoices.write' },
    (req) => checkDraw(ctx, req.body),
  );
  // loads the track and, with ezPay's member configured, registers it there at once (its state in the answer)
  c.post(
    '/add',
    { body: adminInvoiceTrackAddRequest, data: adminInvoiceTrack, permission: 'invoices.write' },
    (req) => loadTrack(ctx, adminIdOf(req), req.locale, req.body),
  );
  c.post(
    '/register',
    { body: adminInvoiceTrackRegisterRequest, data: adminInvoiceTrack, permission: 'invoices.write' },
    (req) => retryTrackRegistration(ctx, req.locale, req.body.id),
  );
});
