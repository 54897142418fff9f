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
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags, auth: 'user' });
  c.get('/detail', { data: csSessionDetailResponse }, (req) => sessionDetail(ctx, userIdOf(req)));
  c.post('/create', { body: csSessionCreateRequest.nullish(), data: csSession }, (req) =>
    createSession(ctx, userIdOf(req), req.body?.context, req.locale),
  );
});

/** The buyer's messages, and the chat socket (`/ws`, token in the first frame or the subprotocol). */
export const csMsgRoutes = defineRoutes('app/cs/msg', (r, ctx) => {
  const hub = csHub(ctx);
  r.addHook('onClose', async () => hub.close());
  const c = calls(r, { tags, auth: 'user' });
  c.get('/unreadCount', { data: csUnreadCountResponse }, (req) => unreadCount(ctx, userIdOf(req)));
  c.post('/read', { body: csReadRequest.nullish(), data: csReadResponse }, (req) =>
    markRead(ctx, { kind: 'user', id: userIdOf(req) }, req.body?.sessionId, req.body?.lastReadId),
  );
  c.post('/page', { body: csMsgPageRequest.nullish(), data: csMsgPageResponse }, async (req) => {
    const q = csMsgPageRequest.parse(req.body ?? {});
    return messagePage(ctx, { kind: 'user', id: userIdOf(req) }, q);
  });
  c.post(
    '/send',
    {
      description:
        'The same as a "send" frame on the socket; a resend with the same clientId returns the first message',
      body: csSendRequest,
      data: csMessage,
    },
    async (req) =>
      (await sendMessage(ctx, { kind: 'user', id: userIdOf(req) }, undefined, req.body, req.locale)).message,
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
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/session/page',
    { body: adminCsSessionPageRequest.nullish(), data: adminCsSessionPageResponse, permission: 'care' },
    (req) => adminInbox(ctx, adminIdOf(req), adminCsSessionPageRequest.parse(req.body ?? {})),
  );
  c.get('/session/info', { query: adminCsSessionRequest, data: adminCsSession, permission: 'care' }, (req) =>
    adminSession(ctx, adminIdOf(req), req.query.sessionId),
  );
  c.post('/session/assign', { body: adminCsAssignRequest, data: adminCsSession, permission: 'care' }, (req) =>
    assignSession(ctx, adminIdOf(req), req.body.sessionId, req.body.adminId),
  );
  c.post('/session/close', { body: adminCsCloseRequest, data: adminCsSession, permission: 'care' }, (req) =>
    closeSession(ctx, adminIdOf(req), req.body.sessionId),
  );
  c.get(
    '/session/orders',
    { query: adminCsSessionRequest, data: adminCsUserOrdersResponse, permission: 'care' },
    (req) => adminUserOrders(ctx, adminIdOf(req), req.query.sessionId, req.locale),
  );
  c.post(
    '/msg/page',
    { body: adminCsMsgPageRequest, data: csMsgPageResponse, permission: 'care' },
    async (req) => {
      const id = adminIdOf(req);
      await assertCsOperator(ctx, id);
      return messagePage(ctx, { kind: 'admin', id }, req.body);
    },
  );
  c.post('/msg/send', { body: adminCsSendRequest, data: csMessage, permission: 'care' }, async (req) => {
    const id = adminIdOf(req);
    await assertCsOperator(ctx, id);
    const { sessionId, ...body } = req.body;
    return (await sendMessage(ctx, { kind: 'admin', id }, sessionId, body, req.locale)).message;
  });
  c.post('/msg/read', { body: adminCsReadRequest, data: csReadResponse, permission: 'care' }, async (req) => {
    const id = adminIdOf(req);
    await assertCsOperator(ctx, id);
    return markRead(ctx, { kind: 'admin', id }, req.body.sessionId, req.body.lastReadId);
  });
  c.get('/quickReply/list', { data: quickReplyListResponse, permission: 'care' }, (req) =>
    listQuickReplies(ctx, adminIdOf(req)),
  );
  c.post('/quickReply/save', { body: quickReplySaveRequest, data: quickReply, permission: 'care' }, (req) =>
    saveQuickReply(ctx, adminIdOf(req), req.body),
  );
  c.post('/quickReply/delete', { body: quickReplyDeleteRequest, data: z.null(), permission: 'care' }, (req) =>
    deleteQuickReplies(ctx, adminIdOf(req), req.body.ids),
  );
  r.route({
    method: 'GET',
    url: '/ws',
    schema: socketSchema('operator'),
    // the socket is authenticated by its first frame; the hub checks this permission there
    config: { permission: 'care' },
    handler: upgradeRequired,
    wsHandler: (socket, req) => hub.accept(socket, req, 'admin'),
  });
});
