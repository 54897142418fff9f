import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { TestSocket } from '../../test/ws-client';
import { buyerOf, operatorToken, orderOf, uploadOf, type Buyer } from './cs.fixtures';

let t: TestApp;
let base: string;
let op: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = t.app.server.address();
  base = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  op = await operatorToken(t);
});
afterAll(async () => t.close());

let seq = 0;
const cid = () => `test-${Date.now().toString(36)}-${(seq += 1)}`;
const send = (b: Buyer, body: Record<string, unknown>) =>
  call(t.app, 'POST', 'app/cs/msg/send', {
    token: b.token,
    body: { clientId: cid(), type: 'text', ...body },
  });
const adminSend = (sessionId: number, body: Record<string, unknown>) =>
  call(t.app, 'POST', 'admin/cs/msg/send', {
    token: op.token,
    body: { sessionId, clientId: cid(), type: 'text', ...body },
  });
const unread = async (b: Buyer) =>
  (await call(t.app, 'GET', 'app/cs/msg/unreadCount', { token: b.token })).data.count as number;

describe('chat sessions', () => {
  it('has no session before the first, then opens one from an order with the order as a card, once', async () => {
    const b = await buyerOf(t);
    expect((await call(t.app, 'GET', 'app/cs/session/detail', { token: b.token })).data).toBeNull();
    const orderId = await orderOf(t, b);
    const first = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { orderId } },
    });
    expect(first.code).toBe(1000);
    expect(first.data).toMatchObject({ status: 'open', unreadCount: 0 });
    expect(first.data.lastMessage).toMatchObject({ type: 'order', sender: 'user', order: { orderId } });
    const again = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { orderId } },
    });
    expect(again.data.id).toBe(first.data.id);
    const page = await call(t.app, 'POST', 'app/cs/msg/page', { token: b.token, body: {} });
    expect(page.data.pagination.total).toBe(1);
    expect((await call(t.app, 'GET', 'app/cs/session/detail', { token: b.token })).data.id).toBe(
      first.data.id,
    );
  });

  it('posts a goods card when opened from a goods page', async () => {
    const b = await buyerOf(t);
    const goods = await t.ctx.db
      .selectFrom('goods')
      .select('id')
      .where('on_sale', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { goodsId: goods.id } },
    });
    expect(res.data.lastMessage).toMatchObject({ type: 'goods', goods: { goodsId: Number(goods.id) } });
    expect(res.data.lastMessage.goods.title).not.toBe('');
    const missing = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { goodsId: 99999999 } },
    });
    expect(missing.code).toBe(3001);
  });
});

describe('chat messages', () => {
  it('never duplicates a message resent with the same client id', async () => {
    const b = await buyerOf(t);
    const clientId = cid();
    const one = await send(b, { clientId, text: 'hello' });
    const two = await send(b, { clientId, text: 'hello' });
    expect(one.code).toBe(1000);
    expect(two.data.id).toBe(one.data.id);
    const page = await call(t.app, 'POST', 'app/cs/msg/page', { token: b.token, body: {} });
    expect(page.data.list.map((m: { clientId: string }) => m.clientId)).toEqual([clientId]);
  });

  it('keeps HTML as plain text, exactly as typed', async () => {
    const b = await buyerOf(t);
    const text = '<img src=x onerror=alert(1)><b>bold</b> & "quotes"';
    const res = await send(b, { text });
    expect(res.data.text).toBe(text);
    const page = await call(t.app, 'POST', 'app/cs/msg/page', { token: b.token, body: {} });
    expect(page.data.list[0].text).toBe(text);
  });

  it('sends a picture only from the buyer\u2019s own uploads and an order card only of their own orders', async () => {
    const b = await buyerOf(t);
    const other = await buyerOf(t);
    const mine = await uploadOf(t, b);
    const theirs = await uploadOf(t, other);
    expect((await send(b, { type: 'image', picture: mine })).data).toMatchObject({
      type: 'image',
      picture: mine,
    });
    expect((await send(b, { type: 'image', picture: theirs })).code).toBe(7003);
    const theirOrder = await orderOf(t, other);
    expect((await send(b, { type: 'order', orderId: theirOrder })).code).toBe(7004);
    const myOrder = await orderOf(t, b);
    const card = await send(b, { type: 'order', orderId: myOrder });
    expect(card.data.order).toMatchObject({ orderId: myOrder, status: 0, currency: 'TWD' });
    expect(card.data.order.title).not.toBe('');
  });

  it('answers bad input with a clear validation error, never a 5xx', async () => {
    const b = await buyerOf(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: cid(), type: 'text' }, 'text'],
      [{ clientId: 'x', type: 'text', text: 'hi' }, 'clientId'],
      [{ clientId: cid(), type: 'video', text: 'hi' }, 'type'],
      [{ clientId: cid(), type: 'image', picture: 'javascript:alert(1)' }, 'picture'],
      [{ clientId: cid(), type: 'text', text: 'x'.repeat(2001) }, 'text'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', 'app/cs/msg/send', { token: b.token, body });
      expect(res.status).toBe(200);
      expect(res.code).toBe(1001);
      expect(res.data.field).toBe(field);
    }
    const page = await call(t.app, 'POST', 'app/cs/msg/page', { token: b.token, body: { page: 'x' } });
    expect(page.code).toBe(1001);
    const read = await call(t.app, 'POST', 'app/cs/msg/read', { token: b.token, body: { lastReadId: -1 } });
    expect(read.code).toBe(1001);
    const ctx = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { orderId: 1, goodsId: 1 } },
    });
    expect(ctx.code).toBe(1001);
    expect((await call(t.app, 'GET', 'app/cs/msg/unreadCount')).status).toBe(401);
  });

  it('does not let a user read, mark or write into another user\u2019s session', async () => {
    const owner = await buyerOf(t);
    const intruder = await buyerOf(t);
    const sent = await send(owner, { text: 'my secret' });
    const sessionId = sent.data.sessionId as number;
    const page = await call(t.app, 'POST', 'app/cs/msg/page', { token: intruder.token, body: { sessionId } });
    expect(page.code).toBe(7001);
    const read = await call(t.app, 'POST', 'app/cs/msg/read', { token: intruder.token, body: { sessionId } });
    expect(read.code).toBe(7001);
    expect((await call(t.app, 'GET', 'app/cs/session/detail', { token: intruder.token })).data).toBeNull();
    const own = await call(t.app, 'POST', 'app/cs/msg/page', { token: intruder.token, body: {} });
    expect(own.data.list).toEqual([]);
    // a buyer's token opens no operator call
    const inbox = await call(t.app, 'POST', 'admin/cs/session/page', { token: owner.token, body: {} });
    expect(inbox.status).toBe(401);
  });

  it('moves unread counts and read receipts both ways', async () => {
    const b = await buyerOf(t);
    const mine = await send(b, { text: 'anyone there?' });
    const sessionId = mine.data.sessionId as number;
    expect(await unread(b)).toBe(0);
    const before = await call(t.app, 'POST', 'admin/cs/msg/page', { token: op.token, body: { sessionId } });
    expect(before.data.list[0]).toMatchObject({ sender: 'user', read: false });
    const inbox = await call(t.app, 'POST', 'admin/cs/session/page', {
      token: op.token,
      body: { unread: 1 },
    });
    expect(inbox.data.list.map((s: { id: number }) => s.id)).toContain(sessionId);
    await adminSend(sessionId, { text: 'Hi, how can we help?' });
    await adminSend(sessionId, { text: 'We are here.' });
    expect(await unread(b)).toBe(2);
    const detail = await call(t.app, 'GET', 'app/cs/session/detail', { token: b.token });
    expect(detail.data.unreadCount).toBe(2);
    const read = await call(t.app, 'POST', 'app/cs/msg/read', { token: b.token, body: {} });
    expect(read.data.unreadCount).toBe(0);
    expect(await unread(b)).toBe(0);
    // the operator sees their replies read; replying counted as reading the buyer's message
    const opPage = await call(t.app, 'POST', 'admin/cs/msg/page', { token: op.token, body: { sessionId } });
    const [latest, , first] = opPage.data.list;
    expect(latest).toMatchObject({ sender: 'admin', read: true });
    expect(first).toMatchObject({ sender: 'user', read: true });
    const again = await send(b, { text: 'thanks' });
    const unreadInbox = await call(t.app, 'POST', 'admin/cs/session/page', {
      token: op.token,
      body: { unread: 1 },
    });
    expect(unreadInbox.data.list.find((s: { id: number }) => s.id === sessionId)?.unreadCount).toBe(1);
    await call(t.app, 'POST', 'admin/cs/msg/read', { token: op.token, body: { sessionId } });
    const after = await call(t.app, 'POST', 'app/cs/msg/page', { token: b.token, body: {} });
    expect(after.data.list[0]).toMatchObject({ id: again.data.id, read: true });
  });

  it('catches up after a given message id, oldest first', async () => {
    const b = await buyerOf(t);
    const a = await send(b, { text: 'one' });
    await send(b, { text: 'two' });
    await send(b, { text: 'three' });
    const res = await call(t.app, 'POST', 'app/cs/msg/page', {
      token: b.token,
      body: { afterId: a.data.id },
    });
    expect(res.data.list.map((m: { text: string }) => m.text)).toEqual(['two', 'three']);
  });
});

describe('operators', () => {
  it('filter the inbox, assign, use quick replies, see the buyer\u2019s orders and close', async () => {
    const b = await buyerOf(t, 'Inbox Tester');
    const orderId = await orderOf(t, b);
    const opened = await call(t.app, 'POST', 'app/cs/session/create', {
      token: b.token,
      body: { context: { orderId } },
    });
    const sessionId = opened.data.id as number;
    const byName = await call(t.app, 'POST', 'admin/cs/session/page', {
      token: op.token,
      body: { keyword: 'Inbox Tester', status: 'open' },
    });
    expect(byName.data.list).toHaveLength(1);
    expect(byName.data.list[0]).toMatchObject({
      id: sessionId,
      user: { nickname: 'Inbox Tester' },
      adminId: null,
    });
    const assigned = await call(t.app, 'POST', 'admin/cs/session/assign', {
      token: op.token,
      body: { sessionId, adminId: op.id },
    });
    expect(assigned.data.adminId).toBe(op.id);
    const mine = await call(t.app, 'POST', 'admin/cs/session/page', {
      token: op.token,
      body: { assigned: 'me' },
    });
    expect(mine.data.list.map((s: { id: number }) => s.id)).toContain(sessionId);
    expect(
      (
        await call(t.app, 'POST', 'admin/cs/session/assign', {
          token: op.token,
          body: { sessionId, adminId: 999999 },
        })
      ).code,
    ).toBe(7005);

    const saved = await call(t.app, 'POST', 'admin/cs/quickReply/save', {
      token: op.token,
      body: { text: 'Please restart your phone.', orderNum: 1 },
    });
    expect(saved.code).toBe(1000);
    await call(t.app, 'POST', 'admin/cs/quickReply/save', {
      token: op.token,
      body: { id: saved.data.id, text: 'Please restart your phone once.', orderNum: 1 },
    });
    const list = await call(t.app, 'GET', 'admin/cs/quickReply/list', { token: op.token });
    expect(list.data).toContainEqual({
      id: saved.data.id,
      text: 'Please restart your phone once.',
      orderNum: 1,
    });
    await call(t.app, 'POST', 'admin/cs/quickReply/delete', {
      token: op.token,
      body: { ids: [saved.data.id] },
    });
    expect(
      (await call(t.app, 'GET', 'admin/cs/quickReply/list', { token: op.token })).data,
    ).not.toContainEqual(expect.objectContaining({ id: saved.data.id }));

    const orders = await call(t.app, 'GET', 'admin/cs/session/orders', {
      token: op.token,
      query: { sessionId: String(sessionId) },
    });
    expect(orders.data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    const closed = await call(t.app, 'POST', 'admin/cs/session/close', {
      token: op.token,
      body: { sessionId },
    });
    expect(closed.data.status).toBe('closed');
    expect((await adminSend(sessionId, { text: 'late' })).code).toBe(7002);
    // the buyer's next message opens a fresh conversation
    const next = await send(b, { text: 'one more thing' });
    expect(next.data.sessionId).not.toBe(sessionId);
  });
});

describe('chat socket', () => {
  const wsUrl = (realm: 'app' | 'admin') =>
    `${base}/api/${realm === 'app' ? 'app/cs/msg' : 'admin/cs'}/ws?language=en`;

  it('authenticates with the first frame, acks sends once, and fans out messages and receipts', async () => {
    const b = await buyerOf(t);
    const buyer = await TestSocket.open(wsUrl('app'));
    const admin = await TestSocket.open(wsUrl('admin'));
    buyer.send({ type: 'auth', token: b.token });
    admin.send({ type: 'auth', token: op.token });
    await buyer.next((f) => f.type === 'ready');
    await admin.next((f) => f.type === 'ready');
    const clientId = cid();
    buyer.send({ type: 'send', msg: { clientId, type: 'text', text: 'over the socket' } });
    buyer.send({ type: 'send', msg: { clientId, type: 'text', text: 'over the socket' } });
    const ack = await buyer.next((f) => f.type === 'ack');
    const ack2 = await buyer.next((f) => f.type === 'ack');
    expect(ack2.message.id).toBe(ack.message.id);
    const seen = await admin.next((f) => f.type === 'message' && f.message.clientId === clientId);
    expect(seen.message).toMatchObject({ text: 'over the socket', sender: 'user' });
    const sessionId = ack.message.sessionId as number;
    admin.send({
      type: 'send',
      sessionId,
      msg: { clientId: cid(), type: 'text', text: 'Hello from the shop' },
    });
    const reply = await buyer.next((f) => f.type === 'message' && f.message.sender === 'admin');
    expect(reply.message.text).toBe('Hello from the shop');
    buyer.send({ type: 'read', lastReadId: reply.message.id });
    const receipt = await admin.next((f) => f.type === 'read' && f.reader === 'user');
    expect(receipt).toMatchObject({ sessionId, lastReadId: reply.message.id });
    // a bad frame gets an error frame in the caller's language, the socket stays
    buyer.send({ type: 'send', msg: { clientId: cid(), type: 'text' } });
    const refused = await buyer.next((f) => f.type === 'error');
    expect(refused).toMatchObject({ code: 1001, message: 'text: is required' });
    buyer.send({ type: 'ping' });
    await buyer.next((f) => f.type === 'pong');
    buyer.close();
    admin.close();
  });

  it('refuses frames beyond a socket\u2019s budget with a rate-limit error', async () => {
    const b = await buyerOf(t);
    const s = await TestSocket.open(wsUrl('app'));
    s.send({ type: 'auth', token: b.token });
    await s.next((f) => f.type === 'ready');
    for (let i = 0; i < 35; i += 1) s.send({ type: 'ping' });
    const limited = await s.next((f) => f.type === 'error');
    expect(limited.code).toBe(1004);
    expect(s.frames.filter((f) => f.type === 'pong')).toHaveLength(29);
    s.close();
  });

  it('audits an operator message sent over the socket, as over HTTP (issue 26)', async () => {
    const b = await buyerOf(t);
    const first = await send(b, { text: 'hello' });
    const sessionId = first.data.sessionId as number;
    const admin = await TestSocket.open(wsUrl('admin'), ['simshop', op.token]);
    await admin.next((f) => f.type === 'ready');
    const clientId = cid();
    admin.send({ type: 'send', sessionId, msg: { clientId, type: 'text', text: 'audited answer' } });
    const ack = await admin.next((f) => f.type === 'ack');
    const entry = await t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('entity', '=', 'cs_session')
      .where('entity_id', '=', String(sessionId))
      .where('action', '=', 'WS admin/cs/ws send')
      .executeTakeFirst();
    expect(entry).toMatchObject({ admin_id: op.id });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ id: ack.message.id, text: 'audited answer' });
    admin.close();
  });

  it('caps the sockets one account holds open, whatever their number (issue 26)', async () => {
    const b = await buyerOf(t);
    const sockets = await Promise.all(Array.from({ length: 8 }, () => TestSocket.open(wsUrl('app'))));
    for (const s of sockets) s.send({ type: 'auth', token: b.token });
    const outcomes = await Promise.all(
      sockets.map((s) => s.next((f) => f.type === 'ready' || f.type === 'error').then((f) => f.type)),
    );
    expect(outcomes.filter((o) => o === 'ready')).toHaveLength(5);
    const refused = sockets.filter((_s, i) => outcomes[i] === 'error');
    expect(refused).toHaveLength(3);
    for (const s of refused) expect(await s.closed()).toBe(4429);
    // another account is not affected; closing one socket frees a place
    const other = await TestSocket.open(wsUrl('app'), ['simshop', (await buyerOf(t)).token]);
    await other.next((f) => f.type === 'ready');
    const open = sockets.filter((_s, i) => outcomes[i] === 'ready');
    open[0]!.close();
    await open[0]!.closed();
    const again = await TestSocket.open(wsUrl('app'), ['simshop', b.token]);
    await again.next((f) => f.type === 'ready');
    for (const s of [...open.slice(1), other, again]) s.close();
  });

  it('budgets messages per account across its sockets, not per socket (issue 26)', async () => {
    const b = await buyerOf(t);
    const sockets = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await TestSocket.open(wsUrl('app'), ['simshop', b.token]);
      await s.next((f) => f.type === 'ready');
      sockets.push(s);
    }
    // 20 messages on each of 5 sockets at once: each socket is within its own budget of 30
    for (const s of sockets)
      for (let i = 0; i < 20; i += 1)
        s.send({ type: 'send', msg: { clientId: cid(), type: 'text', text: `m${i}` } });
    const answers = await Promise.all(
      sockets.flatMap((s) =>
        Array.from({ length: 20 }, () =>
          s.next((f) => f.type === 'ack' || f.type === 'error').then((f) => f),
        ),
      ),
    );
    expect(answers.filter((f) => f.type === 'ack')).toHaveLength(30);
    const limited = answers.filter((f) => f.type === 'error');
    expect(limited).toHaveLength(70);
    expect(limited.every((f) => f.code === 1004)).toBe(true);
    const stored = await t.ctx.db
      .selectFrom('cs_message')
      .innerJoin('cs_session', 'cs_session.id', 'cs_message.session_id')
      .select('cs_message.id')
      .where('cs_session.user_id', '=', b.id)
      .execute();
    expect(stored).toHaveLength(30);
    for (const s of sockets) s.close();
  });

  it('accepts the token as a subprotocol and never another user\u2019s messages', async () => {
    const b = await buyerOf(t);
    const other = await buyerOf(t);
    const mine = await TestSocket.open(wsUrl('app'), ['simshop', b.token]);
    const theirs = await TestSocket.open(wsUrl('app'), ['simshop', other.token]);
    await mine.next((f) => f.type === 'ready');
    await theirs.next((f) => f.type === 'ready');
    const sent = await send(b, { text: 'private' });
    await mine.next((f) => f.type === 'message' && f.message.id === sent.data.id);
    await send(other, { text: 'sync point' });
    await theirs.next((f) => f.type === 'message' && f.message.text === 'sync point');
    expect(theirs.frames.some((f) => f.type === 'message' && f.message.text === 'private')).toBe(false);
    mine.close();
    theirs.close();
  });

  it('closes on a bad token, on a token of another account, and takes a refreshed token', async () => {
    const bad = await TestSocket.open(wsUrl('app'));
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.closed()).toBe(4401);
    const b = await buyerOf(t);
    const s = await TestSocket.open(wsUrl('app'));
    s.send({ type: 'auth', token: b.token });
    await s.next((f) => f.type === 'ready');
    const family = `fam${cid()}`;
    const refreshed = await t.ctx.tokens.issue('app', b.id, family);
    s.send({ type: 'auth', token: refreshed.token });
    await s.next((f) => f.type === 'ready');
    // the old token is revoked: the socket now writes with the refreshed one
    await t.ctx.db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('subject_id', '=', b.id)
      .where('realm', '=', 'app')
      .where('family', '!=', family)
      .execute();
    s.send({ type: 'send', msg: { clientId: cid(), type: 'text', text: 'still here' } });
    expect((await s.next((f) => f.type === 'ack')).message.text).toBe('still here');
    const other = await buyerOf(t);
    s.send({ type: 'auth', token: other.token });
    expect(await s.closed()).toBe(4401);
    const unauth = await TestSocket.open(wsUrl('app'));
    unauth.send({ type: 'send', msg: { clientId: cid(), type: 'text', text: 'x' } });
    expect(await unauth.closed()).toBe(4401);
    // a plain GET of the socket's address says what it is
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/app/cs/msg/ws',
      headers: { language: 'en' },
    });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ code: 1001, message: 'Upgrade: websocket' });
    // a buyer token opens no operator socket
    const asAdmin = await TestSocket.open(wsUrl('admin'));
    asAdmin.send({ type: 'auth', token: b.token });
    expect(await asAdmin.closed()).toBe(4401);
  });
});

describe('OpenAPI', () => {
  it('documents all eleven customer-care calls of the spec', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/swagger/json' })).json();
    const calls = [
      ['get', '/api/app/cs/session/detail'],
      ['post', '/api/app/cs/session/create'],
      ['get', '/api/app/cs/msg/unreadCount'],
      ['post', '/api/app/cs/msg/read'],
      ['post', '/api/app/cs/msg/page'],
      ...['complain', 'feedback'].flatMap((k) => [
        ['post', `/api/app/app/${k}/submit`],
        ['post', `/api/app/app/${k}/page`],
        ['get', `/api/app/app/${k}/info`],
      ]),
    ];
    expect(calls).toHaveLength(11);
    for (const [method, path] of calls)
      expect(doc.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
  });
});
