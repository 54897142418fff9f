import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  adminCsAssignRequest,
  adminCsCloseRequest,
  adminCsMsgPageRequest,
  adminCsReadRequest,
  adminCsSendRequest,
  adminCsSession,
  adminCsSessionPageRequest,
  adminCsSessionPageResponse,
  adminCsSessionRequest,
  adminCsUserOrdersResponse,
  csMessage,
  csMsgPageRequest,
  csMsgPageResponse,
  csReadRequest,
  csReadResponse,
  csSendRequest,
  csSession,
  csSessionCreateRequest,
  csSessionDetailResponse,
  csUnreadCountResponse,
  envelope,
  ErrorCode,
  quickReply,
  quickReplyDeleteRequest,
  quickReplyListResponse,
  quickReplySaveRequest,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { t } from '../../platform/messages';
import { adminIdOf, userIdOf } from '../../platform/auth';
import {
  adminInbox,
  adminSession,
  adminUserOrders,
  assertCsOperator,
  assignSession,
  closeSession,
  createSession,
  deleteQuickReplies,
  listQuickReplies,
  markRead,
  messagePage,
  saveQuickReply,
  sendMessage,
  sessionDetail,
  unreadCount,
} from './cs.service';
import { csHub } from './cs.socket';

const tags = ['cs'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };
const wsQuery = z.object({ language: z.string().max(16).optional() });

/** The chat socket in the OpenAPI document (its frames are CsClientFrame / CsServerFrame in contracts). */
const socketSchema = (who: string) => ({
  tags,
  description:
    `WebSocket of the ${who}'s chat. Send {"type":"auth","token":"<access token>"} first (or offer the ` +
    'subprotocols "simshop, <token>"); never put the token in the URL. Then "send" {msg}, "read", "ping"; ' +
    'the server sends ready, ack, message, read, session, error and pong frames. Close code 4401: token ' +
    'missing, expired or revoked. A plain GET is answered 426.',
  querystring: wsQuery,
  response: { 200: envelope(z.null()) },
});

/** A plain HTTP GET of the socket's address: say what it is instead of a bare 404. */
const upgradeRequired = async (req: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(426)
    .header('upgrade', 'websocket')
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({
      code: ErrorCode.VALIDATION,
      data: null,
      message: t(req.locale, 'VALIDATION', { field: 'Upgrade', rule: 'websocket' }),
    });

/** The buyer's conversation. */
export const csSessionRoutes = defineRoutes('app/cs/session', (r, ctx) => {
  r.get(
    '/detail',
    { schema: { tags, response: { 200: envelope(csSessionDetailResponse) } }, config: user },
    async (req) => ok(await sessionDetail(ctx, userIdOf(req))),
  );
  r.post(
    '/create',
    {
      schema: { tags, body: csSessionCreateRequest.nullish(), response: { 200: envelope(csSession) } },
      config: user,
    },
    async (req) => ok(await createSession(ctx, userIdOf(req), req.body?.context, req.locale)),
  );
});

/** The buyer's messages, and the chat socket (`/ws`, token in the first frame or the subprotocol). */
export const csMsgRoutes = defineRoutes('app/cs/msg', (r, ctx) => {
  const hub = csHub(ctx);
  r.addHook('onClose', async () => hub.close());
  r.get(
    '/unreadCount',
    { schema: { tags, response: { 200: envelope(csUnreadCountResponse) } }, config: user },
    async (req) => ok(await unreadCount(ctx, userIdOf(req))),
  );
  r.post(
    '/read',
    {
      schema: { tags, body: csReadRequest.nullish(), response: { 200: envelope(csReadResponse) } },
      config: user,
    },
    async (req) =>
      ok(await markRead(ctx, { kind: 'user', id: userIdOf(req) }, req.body?.sessionId, req.body?.lastReadId)),
  );
  r.post(
    '/page',
    {
      schema: { tags, body: csMsgPageRequest.nullish(), response: { 200: envelope(csMsgPageResponse) } },
      config: user,
    },
    async (req) => {
      const q = csMsgPageRequest.parse(req.body ?? {});
      return ok(await messagePage(ctx, { kind: 'user', id: userIdOf(req) }, q));
    },
  );
  r.post(
    '/send',
    {
      schema: {
        tags,
        description:
          'The same as a "send" frame on the socket; a resend with the same clientId returns the first message',
        body: csSendRequest,
        response: { 200: envelope(csMessage) },
      },
      config: user,
    },
    async (req) =>
      ok(
        (await sendMessage(ctx, { kind: 'user', id: userIdOf(req) }, undefined, req.body, req.locale))
          .message,
      ),
  );
  r.route({
    method: 'GET',
    url: '/ws',
    schema: socketSchema('buyer'),
    handler: upgradeRequired,
    wsHandler: (socket, req) => hub.accept(socket, req, 'app'),
  });
});

/** The operators' side: inbox, assignment, sending, reading, quick replies, the buyer's orders. */
export const adminCsRoutes = defineRoutes('admin/cs', (r, ctx) => {
  const hub = csHub(ctx);
  r.post(
    '/session/page',
    {
      schema: {
        tags,
        body: adminCsSessionPageRequest.nullish(),
        response: { 200: envelope(adminCsSessionPageResponse) },
      },
      config: admin,
    },
    async (req) => ok(await adminInbox(ctx, adminIdOf(req), adminCsSessionPageRequest.parse(req.body ?? {}))),
  );
  r.get(
    '/session/info',
    {
      schema: { tags, querystring: adminCsSessionRequest, response: { 200: envelope(adminCsSession) } },
      config: admin,
    },
    async (req) => ok(await adminSession(ctx, adminIdOf(req), req.query.sessionId)),
  );
  r.post(
    '/session/assign',
    {
      schema: { tags, body: adminCsAssignRequest, response: { 200: envelope(adminCsSession) } },
      config: admin,
    },
    async (req) => ok(await assignSession(ctx, adminIdOf(req), req.body.sessionId, req.body.adminId)),
  );
  r.post(
    '/session/close',
    {
      schema: { tags, body: adminCsCloseRequest, response: { 200: envelope(adminCsSession) } },
      config: admin,
    },
    async (req) => ok(await closeSession(ctx, adminIdOf(req), req.body.sessionId)),
  );
  r.get(
    '/session/orders',
    {
      schema: {
        tags,
        querystring: adminCsSessionRequest,
        response: { 200: envelope(adminCsUserOrdersResponse) },
      },
      config: admin,
    },
    async (req) => ok(await adminUserOrders(ctx, adminIdOf(req), req.query.sessionId, req.locale)),
  );
  r.post(
    '/msg/page',
    {
      schema: { tags, body: adminCsMsgPageRequest, response: { 200: envelope(csMsgPageResponse) } },
      config: admin,
    },
    async (req) => {
      const id = adminIdOf(req);
      await assertCsOperator(ctx, id);
      return ok(await messagePage(ctx, { kind: 'admin', id }, req.body));
    },
  );
  r.post(
    '/msg/send',
    { schema: { tags, body: adminCsSendRequest, response: { 200: envelope(csMessage) } }, config: admin },
    async (req) => {
      const id = adminIdOf(req);
      await assertCsOperator(ctx, id);
      const { sessionId, ...body } = req.body;
      return ok((await sendMessage(ctx, { kind: 'admin', id }, sessionId, body, req.locale)).message);
    },
  );
  r.post(
    '/msg/read',
    {
      schema: { tags, body: adminCsReadRequest, response: { 200: envelope(csReadResponse) } },
      config: admin,
    },
    async (req) => {
      const id = adminIdOf(req);
      await assertCsOperator(ctx, id);
      return ok(await markRead(ctx, { kind: 'admin', id }, req.body.sessionId, req.body.lastReadId));
    },
  );
  r.get(
    '/quickReply/list',
    { schema: { tags, response: { 200: envelope(quickReplyListResponse) } }, config: admin },
    async (req) => ok(await listQuickReplies(ctx, adminIdOf(req))),
  );
  r.post(
    '/quickReply/save',
    { schema: { tags, body: quickReplySaveRequest, response: { 200: envelope(quickReply) } }, config: admin },
    async (req) => ok(await saveQuickReply(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/quickReply/delete',
    { schema: { tags, body: quickReplyDeleteRequest, response: { 200: envelope(z.null()) } }, config: admin },
    async (req) => ok(await deleteQuickReplies(ctx, adminIdOf(req), req.body.ids)),
  );
  r.route({
    method: 'GET',
    url: '/ws',
    schema: socketSchema('operator'),
    handler: upgradeRequired,
    wsHandler: (socket, req) => hub.accept(socket, req, 'admin'),
  });
});
