import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buyerOf, operatorToken, orderOf, uploadOf } from '../cs/cs.fixtures';

let t: TestApp;
let op: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
});
afterAll(async () => t.close());

describe('complaints', () => {
  it('files a complaint about an own order with pictures, lists it and shows the operator\u2019s reply', async () => {
    const b = await buyerOf(t);
    const orderId = await orderOf(t, b);
    const pictures = [await uploadOf(t, b), await uploadOf(t, b)];
    const sent = await call(t.app, 'POST', 'app/app/complain/submit', {
      token: b.token,
      body: { type: 2, content: 'The parcel <b>never</b> came', pictures, contact: '+886912345678', orderId },
    });
    expect(sent.code).toBe(1000);
    expect(sent.data).toMatchObject({
      type: 2,
      typeName: 'Delivery',
      content: 'The parcel <b>never</b> came',
      pictures,
      orderId,
      status: 0,
      reply: null,
    });
    expect(sent.data.orderNo).toMatch(/^\d{18}$/);
    const page = await call(t.app, 'POST', 'app/app/complain/page', { token: b.token, body: { type: 2 } });
    expect(page.data.list.map((c: { id: number }) => c.id)).toEqual([sent.data.id]);
    expect(
      (await call(t.app, 'POST', 'app/app/complain/page', { token: b.token, body: { type: 3 } })).data.list,
    ).toEqual([]);

    const inbox = await call(t.app, 'POST', 'admin/app/complain/page', {
      token: op.token,
      body: { status: 0 },
    });
    expect(inbox.data.list.map((c: { id: number }) => c.id)).toContain(sent.data.id);
    const working = await call(t.app, 'POST', 'admin/app/complain/status', {
      token: op.token,
      body: { id: sent.data.id, status: 1 },
    });
    expect(working.data.status).toBe(1);
    const replied = await call(t.app, 'POST', 'admin/app/complain/reply', {
      token: op.token,
      body: { id: sent.data.id, reply: 'We resent it today.' },
    });
    expect(replied.data).toMatchObject({ status: 2, reply: 'We resent it today.' });
    const seen = await call(t.app, 'GET', 'app/app/complain/info', {
      token: b.token,
      query: { id: String(sent.data.id) },
      language: 'zh-Hant',
    });
    expect(seen.data).toMatchObject({ status: 2, reply: 'We resent it today.', typeName: '物流配送' });
    expect(seen.data.repliedAt).not.toBeNull();
  });

  it('does not let a user read another user\u2019s complaint or link another user\u2019s order or picture', async () => {
    const owner = await buyerOf(t);
    const other = await buyerOf(t);
    const mine = await call(t.app, 'POST', 'app/app/complain/submit', {
      token: owner.token,
      body: { type: 1, content: 'rude' },
    });
    const peek = await call(t.app, 'GET', 'app/app/complain/info', {
      token: other.token,
      query: { id: String(mine.data.id) },
    });
    expect(peek.code).toBe(7010);
    expect(
      (await call(t.app, 'POST', 'app/app/complain/page', { token: other.token, body: {} })).data.list,
    ).toEqual([]);
    const ownerOrder = await orderOf(t, owner);
    const linked = await call(t.app, 'POST', 'app/app/complain/submit', {
      token: other.token,
      body: { type: 1, content: 'x', orderId: ownerOrder },
    });
    expect(linked.code).toBe(7004);
    const pic = await call(t.app, 'POST', 'app/app/complain/submit', {
      token: other.token,
      body: { type: 1, content: 'x', pictures: [await uploadOf(t, owner)] },
    });
    expect(pic.code).toBe(7003);
  });

  it('answers bad input with a clear error', async () => {
    const b = await buyerOf(t);
    const submit = (body: Record<string, unknown>) =>
      call(t.app, 'POST', 'app/app/complain/submit', { token: b.token, body });
    expect((await submit({ type: 99, content: 'x' })).code).toBe(7011);
    const empty = await submit({ type: 1, content: '  ' });
    expect(empty).toMatchObject({ status: 200, code: 1001 });
    const pictures = await Promise.all(Array.from({ length: 10 }, () => uploadOf(t, b)));
    const tooMany = await submit({ type: 1, content: 'x', pictures });
    expect(tooMany.code).toBe(1001);
    expect(tooMany.data.field).toBe('pictures');
    expect((await submit({ type: 'abc', content: 'x' })).code).toBe(1001);
    const info = await call(t.app, 'GET', 'app/app/complain/info', { token: b.token, query: { id: 'x' } });
    expect(info.code).toBe(1001);
    expect((await call(t.app, 'POST', 'app/app/complain/page', { body: {} })).status).toBe(401);
    const reply = await call(t.app, 'POST', 'admin/app/complain/reply', {
      token: op.token,
      body: { id: 999999, reply: 'x' },
    });
    expect(reply.code).toBe(7010);
  });
});

describe('feedback', () => {
  it('takes feedback with its own dictionary, nine pictures at most, and shows the reply', async () => {
    const b = await buyerOf(t);
    const pictures = await Promise.all(Array.from({ length: 9 }, () => uploadOf(t, b)));
    const sent = await call(t.app, 'POST', 'app/app/feedback/submit', {
      token: b.token,
      body: { type: 1, content: 'Dark mode please', pictures, contact: 'me@example.com' },
      language: 'fr',
    });
    expect(sent.data).toMatchObject({ typeName: 'Suggestion de fonctionnalité', pictures, orderId: null });
    expect(
      (
        await call(t.app, 'POST', 'app/app/feedback/submit', {
          token: b.token,
          body: { type: 6, content: 'x' },
        })
      ).code,
    ).toBe(7011);
    const complaints = await call(t.app, 'POST', 'app/app/complain/page', { token: b.token, body: {} });
    expect(complaints.data.list).toEqual([]);
    await call(t.app, 'POST', 'admin/app/feedback/reply', {
      token: op.token,
      body: { id: sent.data.id, reply: 'Noted, thank you!', status: 1 },
    });
    const info = await call(t.app, 'GET', 'app/app/feedback/info', {
      token: b.token,
      query: { id: String(sent.data.id) },
    });
    expect(info.data).toMatchObject({ status: 1, reply: 'Noted, thank you!' });
    const adminInfo = await call(t.app, 'GET', 'admin/app/feedback/info', {
      token: op.token,
      query: { id: String(sent.data.id) },
    });
    expect(adminInfo.data.user.id).toBe(b.id);
    // a complaint's id is not a feedback
    expect(
      (
        await call(t.app, 'GET', 'admin/app/complain/info', {
          token: op.token,
          query: { id: String(sent.data.id) },
        })
      ).code,
    ).toBe(7010);
  });
});
