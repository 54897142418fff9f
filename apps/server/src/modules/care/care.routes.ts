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
  envelope,
  type CareKind,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
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

const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** A buyer's complaints or feedback: submit, page, info. */
const buyerRoutes = (kind: CareKind) =>
  defineRoutes(`app/app/${kind}`, (r, ctx) => {
    const tags = [kind];
    r.post(
      '/submit',
      { schema: { tags, body: careSubmitRequest, response: { 200: envelope(careTicket) } }, config: user },
      async (req) => ok(await submitTicket(ctx, kind, userIdOf(req), req.body, req.locale)),
    );
    r.post(
      '/page',
      {
        schema: { tags, body: carePageRequest.nullish(), response: { 200: envelope(carePageResponse) } },
        config: user,
      },
      async (req) =>
        ok(await ticketPage(ctx, kind, userIdOf(req), carePageRequest.parse(req.body ?? {}), req.locale)),
    );
    r.get(
      '/info',
      { schema: { tags, querystring: careIdQuery, response: { 200: envelope(careTicket) } }, config: user },
      async (req) => ok(await ticketInfo(ctx, kind, userIdOf(req), req.query.id, req.locale)),
    );
  });

/** The operators' side: page, info, reply, set status. */
const adminRoutes = (kind: CareKind) =>
  defineRoutes(`admin/app/${kind}`, (r, ctx) => {
    const tags = [kind];
    r.post(
      '/page',
      {
        schema: {
          tags,
          body: adminCarePageRequest.nullish(),
          response: { 200: envelope(adminCarePageResponse) },
        },
        config: admin,
      },
      async (req) =>
        ok(
          await adminTicketPage(
            ctx,
            kind,
            adminIdOf(req),
            adminCarePageRequest.parse(req.body ?? {}),
            req.locale,
          ),
        ),
    );
    r.get(
      '/info',
      {
        schema: { tags, querystring: careIdQuery, response: { 200: envelope(adminCareTicket) } },
        config: admin,
      },
      async (req) => ok(await adminTicketInfo(ctx, kind, adminIdOf(req), req.query.id, req.locale)),
    );
    r.post(
      '/reply',
      {
        schema: { tags, body: adminCareReplyRequest, response: { 200: envelope(adminCareTicket) } },
        config: admin,
      },
      async (req) => ok(await replyTicket(ctx, kind, adminIdOf(req), req.body, req.locale)),
    );
    r.post(
      '/status',
      {
        schema: { tags, body: adminCareStatusRequest, response: { 200: envelope(adminCareTicket) } },
        config: admin,
      },
      async (req) => ok(await setTicketStatus(ctx, kind, adminIdOf(req), req.body, req.locale)),
    );
  });

export const careRouteModules = [
  buyerRoutes('complain'),
  buyerRoutes('feedback'),
  adminRoutes('complain'),
  adminRoutes('feedback'),
];
