import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from './db';

/**
 * The audit log of operator writes, kept in one place: a hook on every non-GET `admin/...` route that is not
 * a read (page, list, info, export) snapshots the rows the call names before the handler runs and again
 * after it answered success, and writes one `admin_audit` row: who, the call, the entity and its id(s),
 * before and after (JSON), the client address, when. A refused or failed call changed nothing and is not
 * logged. Which rows a call touches is declared below per route group; a write route with no entry stops
 * the server from starting, so a new admin write cannot go unaudited.
 *
 * Not in the same transaction as the change: the handlers own their transactions (several span providers),
 * so the entry is written right after the change committed. A failure to write it is logged loudly.
 *
 * Some reads are logged too (AUDIT_READS: unmasked ID numbers, transfer proofs, CSV exports), and an
 * operator's chat message sent over the socket (`writeAudit`, from the chat hub), which no route hook sees.
 */
type Ids = (
  body: Record<string, unknown>,
  data: Record<string, unknown> | null,
  adminId: number,
) => unknown[];
type Target = {
  entity: string;
  /** the table whose rows are snapshotted; none: the request body is recorded as `after` */
  table?: keyof Database;
  /** the column the ids are matched on (default `id`) */
  column?: string;
  /** the ids the call names: from the request, or (adds) from the answer */
  ids: Ids;
};

const list = (v: unknown): unknown[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v];
/** `id` / `ids` of the body, else the answer's `id` (an add) */
const byId: Ids = (b, d) => {
  const named = [...list(b.id), ...list(b.ids)];
  return named.length > 0 ? named : list(d?.id);
};
const field =
  (name: string): Ids =>
  (b) =>
    list(b[name]);

/** Route group (path without its last segment, or the whole path) -> what it changes. */
export const AUDIT_TARGETS: Record<string, Target> = {
  'admin/base/comm/updatePassword': { entity: 'admin', table: 'admin_user', ids: (_b, _d, me) => [me] },
  'admin/base/comm/logout': { entity: 'admin', ids: (_b, _d, me) => [me] },
  'admin/base/comm/upload': { entity: 'upload', ids: () => [] },
  'admin/base/sys/admin': { entity: 'admin', table: 'admin_user', ids: byId },
  'admin/goods/info': { entity: 'goods', table: 'goods', ids: byId },
  'admin/goods/spec': { entity: 'spec', table: 'goods_spec', ids: byId },
  'admin/goods/stock': { entity: 'spec', table: 'goods_spec', ids: field('specId') },
  'admin/goods/type': { entity: 'goods_type', table: 'goods_type', ids: byId },
  'admin/goods/saleType': { entity: 'sale_type', table: 'sale_type', ids: byId },
  'admin/market/banner': { entity: 'banner', table: 'banner', ids: byId },
  'admin/goods/searchKeyword': { entity: 'search_keyword', table: 'search_keyword', ids: byId },
  'admin/goods/comment': { entity: 'goods_comment', table: 'goods_comment', ids: byId },
  'admin/market/coupon': { entity: 'coupon', table: 'coupon_info', ids: byId },
  'admin/simcard/catalogue': { entity: 'partner_commodity', ids: () => [] },
  'admin/simcard/pricing': { entity: 'partner_pricing', table: 'partner_pricing', ids: () => [1] },
  'admin/order/info': { entity: 'order', table: 'shop_order', ids: byId },
  'admin/order/info/refund': { entity: 'order', table: 'shop_order', ids: byId },
  'admin/order/transfer': {
    entity: 'transfer',
    table: 'transfer_payment',
    column: 'order_id',
    ids: field('orderId'),
  },
  'admin/simcard/delivery': { entity: 'sim_delivery', table: 'sim_delivery', ids: byId },
  'admin/invoice/info': { entity: 'invoice', ids: byId },
  'admin/invoice/track': { entity: 'invoice_track', ids: byId },
  'admin/invoice/track/draw': { entity: 'invoice_prize', ids: field('period') },
  // the body (ICCIDs, order) is the record; the bind codes in the answer are never logged
  'admin/simcard/physical': { entity: 'sim_card_issue', ids: field('iccids') },
  'admin/user/info': {
    entity: 'user',
    table: 'user',
    column: 'public_id',
    ids: (b) => [...list(b.userPublicId), ...list(b.id)],
  },
  'admin/user/ledger': { entity: 'user', column: 'public_id', ids: field('userPublicId') },
  'admin/user/realName': { entity: 'user', ids: field('userPublicId') },
  'admin/cs/session': { entity: 'cs_session', table: 'cs_session', ids: field('sessionId') },
  'admin/cs/msg': { entity: 'cs_session', table: 'cs_session', ids: field('sessionId') },
  'admin/cs/quickReply': { entity: 'cs_quick_reply', table: 'cs_quick_reply', ids: byId },
  'admin/app/complain': { entity: 'care_ticket', table: 'care_ticket', ids: byId },
  'admin/app/feedback': { entity: 'care_ticket', table: 'care_ticket', ids: byId },
  'admin/app/version': { entity: 'app_version', table: 'app_version', ids: byId },
  'admin/app/agreement': { entity: 'app_document', table: 'app_document', ids: byId },
  'admin/dict/type': { entity: 'dict_type', table: 'dict_type', ids: byId },
  'admin/dict/info': { entity: 'dict_info', table: 'dict_info', ids: byId },
  // operator calls outside admin/ (the spec's plan partner bridge)
  'app/billion/api/logistics': { entity: 'order', table: 'shop_order', ids: field('orderId') },
  'app/billion/api/order': {
    entity: 'sim_delivery',
    table: 'sim_delivery',
    column: 'order_line_id',
    ids: field('orderLineId'),
  },
};

/**
 * Reads of what the log must show was seen (issue 26): unmasked ID numbers, transfer proof files, CSV
 * exports. Logged on success like a write, with what was read (ids, or the export's filter) as `after`.
 */
type ReadTarget = { entity: string; ids: Ids };
const listed =
  (field: string): Ids =>
  (_b, d) =>
    list((d?.list as Record<string, unknown>[] | undefined)?.map((row) => row[field]));
export const AUDIT_READS: Record<string, ReadTarget> = {
  'admin/user/realName/info': { entity: 'real_name', ids: field('userPublicId') },
  'admin/user/realName/page': { entity: 'real_name', ids: listed('userPublicId') },
  'admin/order/transfer/proof': { entity: 'transfer_proof', ids: byId },
  'admin/order/info/export': { entity: 'order_export', ids: () => [] },
  // an eSIM's activation codes opened by an operator (issue 27)
  'admin/simcard/activation/info': { entity: 'esim_activation', ids: field('deliveryId') },
};

/** One audit entry, for what no route hook sees (an operator's chat frame over the socket). */
export async function writeAudit(
  db: Db,
  e: { adminId: number; action: string; entity: string; ids: unknown[]; after: unknown; ip: string },
) {
  await db
    .insertInto('admin_audit')
    .values({
      admin_id: e.adminId,
      action: e.action,
      entity: e.entity,
      entity_id: e.ids.length > 0 ? e.ids.map(String).join(',').slice(0, 64) : null,
      before_json: null,
      after_json: e.after === null ? null : JSON.stringify(e.after),
      ip: e.ip,
      created_at: Date.now(),
    })
    .execute();
}

/** Last path segments of calls that only read, even when they are POSTs. */
const READS = new Set(['page', 'list', 'info', 'export', 'summary']);

const pathOf = (url: string) => url.replace(/^\/api\//, '');

/**
 * Whether a call is an audited write: a non-GET call of an operator (an `admin/...` route other than
 * sign-in, or any route of the operator realm) that is not a read.
 */
export function isAdminWrite(method: string, url: string, operatorRealm = false): boolean {
  const path = pathOf(url);
  if (!operatorRealm && (!path.startsWith('admin/') || path.startsWith('admin/base/open/'))) return false;
  if (method === 'GET' || method === 'HEAD') return false;
  return !READS.has(path.slice(path.lastIndexOf('/') + 1));
}

export function auditTargetOf(url: string): Target | undefined {
  const path = pathOf(url);
  return AUDIT_TARGETS[path] ?? AUDIT_TARGETS[path.slice(0, path.lastIndexOf('/'))];
}

const SECRET = /password|secret|token|hash|salt/i;
const scrub = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET.test(k)));

async function snapshot(db: Db, target: Target, ids: unknown[]): Promise<unknown> {
  if (!target.table || ids.length === 0) return null;
  const rows = await db
    .selectFrom(target.table)
    .selectAll()
    .where(sql.ref(target.column ?? 'id'), 'in', ids)
    .execute();
  const clean = rows.map((r) => scrub(r as Record<string, unknown>));
  return clean.length === 0 ? null : clean.length === 1 && ids.length === 1 ? clean[0] : clean;
}

type Pending = { target: Target; ids: unknown[]; before: unknown };
declare module 'fastify' {
  interface FastifyRequest {
    auditPending: Pending | null;
  }
}

const bodyOf = (req: FastifyRequest) =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};

function parseAnswer(payload: unknown): { code?: number; data?: unknown } | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  try {
    return JSON.parse(String(payload)) as { code?: number; data?: unknown };
  } catch {
    return null;
  }
}

/** Installs the audit hooks; call before the modules register their routes. */
export function installAudit(app: FastifyInstance, db: Db) {
  app.decorateRequest('auditPending', null);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!isAdminWrite(method, route.url, route.config?.auth === 'admin')) continue;
      if (route.wsHandler) continue;
      if (!auditTargetOf(route.url))
        throw new Error(`${method} ${route.url} writes but has no audit target (platform/audit.ts)`);
    }
  });
  // every request passes these two hooks: callback style, so the calls that are not audited writes (all but
  // an operator's) pay no promise for them
  app.addHook('preHandler', (req, _reply, done) => {
    const url = req.routeOptions.url ?? '';
    // an operator's token was accepted: the route is of the operator realm
    if (req.adminId === null || !isAdminWrite(req.method, url, true)) return done();
    const target = auditTargetOf(url);
    if (!target) return done();
    const ids = target.ids(bodyOf(req), null, req.adminId);
    snapshot(db, target, ids).then((before) => {
      req.auditPending = { target, ids, before };
      done();
    }, done);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const pending = req.auditPending;
    if (!pending && req.adminId !== null) {
      const read = AUDIT_READS[pathOf(req.routeOptions.url ?? '')];
      if (read && reply.statusCode === 200)
        return recordRead(
          req,
          req.adminId,
          read,
          String(reply.getHeader('content-type') ?? ''),
          payload,
        ).then(() => done(null, payload), done);
    }
    if (!pending || req.adminId === null) return done(null, payload);
    req.auditPending = null;
    record(req, req.adminId, pending, payload).then(() => done(null, payload), done);
  });
  async function recordRead(
    req: FastifyRequest,
    adminId: number,
    read: ReadTarget,
    type: string,
    payload: unknown,
  ) {
    // a JSON answer is a success only with code 1000 (a refusal answers the envelope); files and CSV are not JSON
    const json = type.includes('json');
    const answer = json ? parseAnswer(payload) : null;
    if (json && answer?.code !== 1000) return;
    const data =
      answer?.data && typeof answer.data === 'object' ? (answer.data as Record<string, unknown>) : null;
    const asked = { ...((req.query ?? {}) as Record<string, unknown>), ...bodyOf(req) };
    const ids = read.ids(asked, data, adminId);
    try {
      await writeAudit(db, {
        adminId,
        action: `${req.method} ${pathOf(req.routeOptions.url ?? '')}`,
        entity: read.entity,
        ids,
        after: ids.length > 0 ? { ids, query: scrub(asked) } : { query: scrub(asked) },
        ip: req.ip,
      });
    } catch (err) {
      req.log.error({ err }, 'admin audit entry not written');
    }
  }
  async function record(req: FastifyRequest, adminId: number, pending: Pending, payload: unknown) {
    const answer = parseAnswer(payload);
    if (answer?.code !== 1000) return;
    const data =
      answer.data && typeof answer.data === 'object' ? (answer.data as Record<string, unknown>) : null;
    const body = bodyOf(req);
    const ids = pending.ids.length > 0 ? pending.ids : pending.target.ids(body, data, adminId);
    const after = pending.target.table ? await snapshot(db, pending.target, ids) : scrub(body);
    try {
      await db
        .insertInto('admin_audit')
        .values({
          admin_id: adminId,
          action: `${req.method} ${pathOf(req.routeOptions.url ?? '')}`,
          entity: pending.target.entity,
          entity_id: ids.length > 0 ? ids.map(String).join(',').slice(0, 64) : null,
          before_json: pending.before === null ? null : JSON.stringify(pending.before),
          after_json: after === null ? null : JSON.stringify(after),
          ip: req.ip,
          created_at: Date.now(),
        })
        .execute();
    } catch (err) {
      req.log.error({ err }, 'admin audit entry not written');
    }
  }
}
