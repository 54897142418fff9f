import type { FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { csSendBody, ErrorCode, type CsServerFrame, type Locale } from '@simshop/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { validationMessage } from '../../platform/http';
import { localeOf, t } from '../../platform/messages';
import { assertCsOperator, CS_TOPIC, markRead, sendMessage, type CsEvent } from './cs.service';

/** How long a socket may stay silent before authenticating. */
const AUTH_WAIT_MS = 10_000;
/** How often a socket's token is checked again (expired or revoked: the socket is closed). */
const RECHECK_MS = 30_000;
/** Frames one socket may send per window (the HTTP rate limit does not see frames). */
const FRAME_BUDGET = 30;
const FRAME_WINDOW_MS = 10_000;
/**
 * Per account, whatever the number of its sockets (issue 26: a buyer opened 150 sockets and sent 600
 * messages in 0.6 s across 20 of them, each socket within its own budget): sockets open at once, and
 * writing frames (send, read) per window. Counted per instance: with several instances an account gets
 * this allowance on each (docs/operations.md); counting in Redis would add a round trip to every frame and
 * leak counts when an instance dies with sockets open.
 */
export const SOCKETS_PER_ACCOUNT = 5;
export const ACCOUNT_WRITE_BUDGET = 30;
/** Close codes: 4401 token missing, expired or revoked (the client refreshes and reconnects). */
export const WS_CLOSE_UNAUTHORIZED = 4401;
/** 4429: the account already has SOCKETS_PER_ACCOUNT sockets open (close one, or retry later). */
export const WS_CLOSE_TOO_MANY = 4429;

const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('read'),
    sessionId: z.number().int().positive().optional(),
    lastReadId: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('send'), sessionId: z.number().int().positive().optional(), msg: z.unknown() }),
]);

type Conn = {
  socket: WebSocket;
  realm: 'app' | 'admin';
  subjectId: number | null;
  token: string | null;
  locale: Locale;
  windowStart: number;
  framesInWindow: number;
  /** counted in its account's sockets */
  attached: boolean;
  /** the client address (for the audit of operators' messages) */
  ip: string;
  log: FastifyRequest['log'];
};

/**
 * The chat's sockets on this instance. Every message and read receipt goes through the app's event bus,
 * so a buyer on one instance and an operator on another see each other at once; each instance sends an
 * event to the sockets it holds (the buyer's own, and every operator's).
 */
export class CsHub {
  private users = new Map<number, Set<Conn>>();
  private admins = new Set<Conn>();
  /** sockets open and writing frames in the current window, per account (`app:<id>` / `admin:<id>`) */
  private accounts = new Map<string, { sockets: number; windowStart: number; writes: number }>();
  private off: () => void;

  constructor(private readonly ctx: AppContext) {
    this.off = ctx.events.subscribe(CS_TOPIC, (payload) => this.fanOut(payload as CsEvent));
  }

  close() {
    this.off();
    for (const set of this.users.values()) for (const c of set) c.socket.close(1001);
    for (const c of this.admins) c.socket.close(1001);
  }

  get connections() {
    let n = this.admins.size;
    for (const s of this.users.values()) n += s.size;
    return n;
  }

  private fanOut(e: CsEvent) {
    const frame: CsServerFrame =
      e.kind === 'message'
        ? { type: 'message', message: e.message }
        : e.kind === 'read'
          ? { type: 'read', sessionId: e.sessionId, reader: e.reader, lastReadId: e.lastReadId }
          : { type: 'session', sessionId: e.sessionId };
    const json = JSON.stringify(frame);
    for (const c of this.users.get(e.userId) ?? []) send(c, json);
    for (const c of this.admins) send(c, json);
  }

  /** Serves one socket: waits for the token (first frame, or the subprotocol), then chat frames. */
  accept(socket: WebSocket, req: FastifyRequest, realm: 'app' | 'admin') {
    const query = req.query as { language?: string } | undefined;
    const conn: Conn = {
      socket,
      realm,
      subjectId: null,
      token: null,
      locale: localeOf(query?.language ?? req.headers.language),
      windowStart: Date.now(),
      framesInWindow: 0,
      attached: false,
      ip: req.ip,
      log: req.log,
    };
    let queue = Promise.resolve();
    const authTimer = setTimeout(() => this.reject(conn), AUTH_WAIT_MS);
    const recheck = setInterval(() => void this.recheck(conn), RECHECK_MS);
    recheck.unref();
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(recheck);
      this.detach(conn);
    });
    socket.on('error', () => undefined);
    // frames are handled one at a time, in order: an ack never overtakes the one before it
    socket.on('message', (raw: { toString(): string }) => {
      queue = queue
        .then(() => this.onFrame(conn, raw.toString(), authTimer))
        .catch((err) => {
          req.log.error({ err }, 'chat frame failed');
          sendFrame(conn, { type: 'error', code: ErrorCode.INTERNAL, message: t(conn.locale, 'INTERNAL') });
        });
    });
    // Sec-WebSocket-Protocol: "simshop, <access token>" (the server answers "simshop"): lets a client
    // authenticate without a first frame, and keeps the token out of the URL
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const offered = protocols[0] === 'simshop' ? protocols[1] : undefined;
    if (offered) queue = queue.then(() => this.authenticate(conn, offered, authTimer));
  }

  /** False (and an error frame) when the socket sent more than its budget in the current window. */
  private withinBudget(conn: Conn) {
    const at = Date.now();
    if (at - conn.windowStart >= FRAME_WINDOW_MS) {
      conn.windowStart = at;
      conn.framesInWindow = 0;
    }
    conn.framesInWindow += 1;
    if (conn.framesInWindow <= FRAME_BUDGET) return true;
    sendFrame(conn, { type: 'error', code: ErrorCode.RATE_LIMITED, message: t(conn.locale, 'RATE_LIMITED') });
    return false;
  }

  /** False (and an error frame) when the socket's account wrote more than its budget in the window. */
  private accountWithinBudget(conn: Conn) {
    const a = this.accounts.get(accountKey(conn));
    if (!a) return false;
    const at = Date.now();
    if (at - a.windowStart >= FRAME_WINDOW_MS) {
      a.windowStart = at;
      a.writes = 0;
    }
    a.writes += 1;
    return a.writes <= ACCOUNT_WRITE_BUDGET;
  }

  private async onFrame(conn: Conn, raw: string, authTimer: NodeJS.Timeout) {
    if (!this.withinBudget(conn)) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return this.invalid(conn, undefined, 'frame');
    }
    const parsed = clientFrame.safeParse(data);
    if (!parsed.success) return this.invalid(conn, undefined, 'type');
    const f = parsed.data;
    if (f.type === 'auth') return this.authenticate(conn, f.token, authTimer);
    if (f.type === 'ping') return sendFrame(conn, { type: 'pong' });
    // every frame that writes checks the token again: a revoked session stops at once
    if (!(await this.stillValid(conn))) return this.reject(conn);
    if (!this.accountWithinBudget(conn))
      return sendFrame(conn, {
        type: 'error',
        clientId: f.type === 'send' ? clientIdOf(f.msg) : undefined,
        code: ErrorCode.RATE_LIMITED,
        message: t(conn.locale, 'RATE_LIMITED'),
      });
    const actor = {
      kind: conn.realm === 'app' ? ('user' as const) : ('admin' as const),
      id: conn.subjectId!,
    };
    try {
      if (f.type === 'read') {
        await markRead(this.ctx, actor, f.sessionId, f.lastReadId);
        return;
      }
      const body = csSendBody.safeParse(f.msg);
      const clientId = clientIdOf(f.msg);
      if (!body.success) {
        const { message } = validationMessage(conn.locale, body.error.issues as never);
        return sendFrame(conn, { type: 'error', clientId, code: ErrorCode.VALIDATION, message });
      }
      if (actor.kind === 'admin' && f.sessionId === undefined)
        return this.invalid(conn, clientId, 'sessionId');
      const { message } = await sendMessage(this.ctx, actor, f.sessionId, body.data, conn.locale);
      // an operator's message is audited as its HTTP twin (admin/cs/msg/send) is (issue 26)
      if (actor.kind === 'admin')
        await writeAudit(this.ctx.db, {
          adminId: actor.id,
          action: 'WS admin/cs/ws send',
          entity: 'cs_session',
          ids: [message.sessionId],
          after: message,
          ip: conn.ip,
        }).catch((err: unknown) => conn.log.error({ err }, 'admin audit entry not written'));
      sendFrame(conn, { type: 'ack', clientId: body.data.clientId, message });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      sendFrame(conn, {
        type: 'error',
        clientId: f.type === 'send' ? clientIdOf(f.msg) : undefined,
        code: err.code,
        message: t(conn.locale, err.codeName, err.params),
      });
    }
  }

  private invalid(conn: Conn, clientId: string | undefined, field: string) {
    sendFrame(conn, {
      type: 'error',
      clientId,
      code: ErrorCode.VALIDATION,
      message: t(conn.locale, 'VALIDATION', { field, rule: t(conn.locale, 'rule.invalid_format') }),
    });
  }

  /** First token, or a refreshed one: it must name the same account as before. */
  private async authenticate(conn: Conn, token: string, authTimer: NodeJS.Timeout) {
    const hit = await this.ctx.tokens.verifyAccess(conn.realm, token);
    if (!hit || (conn.subjectId !== null && hit.subjectId !== conn.subjectId)) return this.reject(conn);
    if (conn.realm === 'admin') {
      try {
        await assertCsOperator(this.ctx, hit.subjectId);
      } catch {
        return this.reject(conn);
      }
    }
    clearTimeout(authTimer);
    conn.token = token;
    if (conn.subjectId === null) {
      const a = this.accounts.get(accountKey({ realm: conn.realm, subjectId: hit.subjectId }));
      if (a && a.sockets >= SOCKETS_PER_ACCOUNT) {
        sendFrame(conn, {
          type: 'error',
          code: ErrorCode.RATE_LIMITED,
          message: t(conn.locale, 'RATE_LIMITED'),
        });
        conn.socket.close(WS_CLOSE_TOO_MANY, 'too many sockets');
        return;
      }
      conn.subjectId = hit.subjectId;
      this.attach(conn);
    }
    sendFrame(conn, { type: 'ready', subject: conn.realm === 'app' ? 'user' : 'admin' });
  }

  private async stillValid(conn: Conn) {
    if (conn.subjectId === null || conn.token === null) return false;
    const hit = await this.ctx.tokens.verifyAccess(conn.realm, conn.token);
    return hit?.subjectId === conn.subjectId;
  }

  private async recheck(conn: Conn) {
    if (conn.subjectId === null) return;
    if (!(await this.stillValid(conn).catch(() => true))) this.reject(conn);
  }

  private reject(conn: Conn) {
    sendFrame(conn, { type: 'error', code: ErrorCode.UNAUTHORIZED, message: t(conn.locale, 'UNAUTHORIZED') });
    conn.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
  }

  /** Drops accounts with no socket whose window is over. */
  private sweep() {
    const at = Date.now();
    for (const [k, a] of this.accounts)
      if (a.sockets <= 0 && at - a.windowStart >= FRAME_WINDOW_MS) this.accounts.delete(k);
  }

  private attach(conn: Conn) {
    conn.attached = true;
    const key = accountKey(conn);
    const a = this.accounts.get(key);
    if (a) a.sockets += 1;
    else this.accounts.set(key, { sockets: 1, windowStart: Date.now(), writes: 0 });
    if (conn.realm === 'admin') {
      this.admins.add(conn);
      return;
    }
    const id = conn.subjectId!;
    let set = this.users.get(id);
    if (!set) this.users.set(id, (set = new Set()));
    set.add(conn);
  }

  private detach(conn: Conn) {
    if (conn.attached) {
      conn.attached = false;
      const key = accountKey(conn);
      const a = this.accounts.get(key);
      if (a) a.sockets -= 1;
      // the window's writes are kept while it lasts: closing and reopening does not refill the budget
      if (a && a.sockets <= 0 && Date.now() - a.windowStart >= FRAME_WINDOW_MS) this.accounts.delete(key);
      if (this.accounts.size > 10_000) this.sweep();
    }
    if (conn.realm === 'admin') this.admins.delete(conn);
    else if (conn.subjectId !== null) {
      const set = this.users.get(conn.subjectId);
      set?.delete(conn);
      if (set?.size === 0) this.users.delete(conn.subjectId);
    }
  }
}

const accountKey = (c: Pick<Conn, 'realm' | 'subjectId'>) => `${c.realm}:${c.subjectId}`;

const clientIdOf = (msg: unknown) => {
  const v = (msg as { clientId?: unknown } | null)?.clientId;
  return typeof v === 'string' ? v : undefined;
};

const OPEN = 1;
function send(c: Conn, json: string) {
  if (c.socket.readyState === OPEN) c.socket.send(json);
}
const sendFrame = (c: Conn, frame: CsServerFrame) => send(c, JSON.stringify(frame));

const hubs = new WeakMap<AppContext, CsHub>();
/** The chat hub of this app instance (made on first use, closed with the app). */
export function csHub(ctx: AppContext): CsHub {
  let h = hubs.get(ctx);
  if (!h) hubs.set(ctx, (h = new CsHub(ctx)));
  return h;
}

/** Chat sockets open on this instance (0 before the chat was first used). */
export const csConnections = (ctx: AppContext) => hubs.get(ctx)?.connections ?? 0;
