import {
  adminCarePageRequest,
  adminCarePageResponse,
  adminCareReplyRequest,
  adminCareStatusRequest,
  adminCareTicket,
  careIdQuery,
  carePageRequest,
  carePageResponse,
  careSubmitRequest,
  careTicket,
  type CareKind,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { adminIdOf, userIdOf } from '../../platform/auth';
import {
  adminTicketInfo,
  adminTicketPage,
  replyTicket,
  setTicketStatus,
  submitTicket,
  ticketInfo,
  ticketPage,
} from './care.service';

/** A buyer's complaints or feedback: submit, page, info. */
const buyerRoutes = (kind: CareKind) =>
  defineRoutes(`app/app/${kind}`, (r, ctx) => {
    const tags = [kind];
    const c = calls(r, { tags, auth: 'user' });
    c.post('/submit', { body: careSubmitRequest, data: careTicket }, (req) =>
      submitTicket(ctx, kind, userIdOf(req), req.body, req.locale),
    );
    c.post('/page', { body: carePageRequest.nullish(), data: carePageResponse }, (req) =>
      ticketPage(ctx, kind, userIdOf(req), carePageRequest.parse(req.body ?? {}), req.locale),
    );
    c.get('/info', { query: careIdQuery, data: careTicket }, (req) =>
      ticketInfo(ctx, kind, userIdOf(req), req.query.id, req.locale),
    );
  });

/** The operators' side: page, info, reply, set status. */
const adminRoutes = (kind: CareKind) =>
  defineRoutes(`admin/app/${kind}`, (r, ctx) => {
    const tags = [kind];
    const c = calls(r, { tags, auth: 'admin' });
    c.post(
      '/page',
      { body: adminCarePageRequest.nullish(), data: adminCarePageResponse, permission: 'care' },
      (req) =>
        adminTicketPage(ctx, kind, adminIdOf(req), adminCarePageRequest.parse(req.body ?? {}), req.locale),
    );
    c.get('/info', { query: careIdQuery, data: adminCareTicket, permission: 'care' }, (req) =>
      adminTicketInfo(ctx, kind, adminIdOf(req), req.query.id, req.locale),
    );
    c.post('/reply', { body: adminCareReplyRequest, data: adminCareTicket, permission: 'care' }, (req) =>
      replyTicket(ctx, kind, adminIdOf(req), req.body, req.locale),
    );
    c.post('/status', { body: adminCareStatusRequest, data: adminCareTicket, permission: 'care' }, (req) =>
      setTicketStatus(ctx, kind, adminIdOf(req), req.body, req.locale),
    );
  });

export const careRouteModules = [
  buyerRoutes('complain'),
  buyerRoutes('feedback'),
  adminRoutes('complain'),
  adminRoutes('feedback'),
];
