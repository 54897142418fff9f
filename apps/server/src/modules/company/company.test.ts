import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFleetCards } from '@simshop/contracts';
import { call, createTestApp, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { drainJobs, partnerGoods, partnerRig, type PartnerRig } from '../simcard/simcard.fixtures';
import { payOrder, stockOf } from '../order/order.fixtures';
import { handOverCard } from '../simcard';
import { assignFleetCards } from './company-fleet.service';

// Company fleets (issue 28): members and roles, the travellers' CSV, one order per batch with its approval,
// the eSIMs handed to travellers, reassignment (raced), the statement, and the operators' view.

let t: TestApp;
let rig: PartnerRig;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let approver: User;
let travA: User;
let travB: User;
let stranger: User;
let specId: number;
const B_EMAIL = 'traveller.b@example.com';

const api = (
  u: User,
  method: 'GET' | 'POST',
  path: string,
  o: { body?: unknown; query?: Record<string, string>; language?: string } = {},
) => call(t.app, method, `app/company/${path}`, { token: u.token, ...o });

/** 60 travellers with Chinese names (a BOM first); the last two are members A (phone) and B (e-mail). */
function travellersCsv() {
  const rows = ['\uFEFF姓名,手機,電子郵件,目的地,出發日期,回程日期'];
  for (let i = 1; i <= 58; i++)
    rows.push(
      `陳${'小明美玲志豪'[i % 6]}${i},+88691${String(2000000 + i).padStart(7, '0')},,JP,2026-12-0${(i % 9) + 1},2026-12-20`,
    );
  rows.push(`王大同,${travA.phone},,JP,2026-12-01,2026-12-10`);
  rows.push(`"李, 四",,${B_EMAIL},jp,2026/12/1,2026/12/9`);
  return rows.join('\r\n');
}

beforeAll(async () => {
  rig = await partnerRig();
  t = await createTestApp({
    env: {
      ORDER_SWEEP_SECONDS: '0',
      PARTNER_SYNC_MINUTES: '0',
      SIM_USAGE_REFRESH_MINUTES: '0',
      // the statement names each order's e-invoice
      INVOICE_ENABLED: '1',
    },
    providers: { planPartner: rig.partner },
  });
  rig.bind(() => t);
  owner = await createUser(t.ctx, { kind: 'company' });
  approver = await createUser(t.ctx);
  travA = await createUser(t.ctx);
  travB = await createUser(t.ctx);
  stranger = await createUser(t.ctx);
  await t.ctx.db.updateTable('user').set({ email: B_EMAIL }).where('id', '=', travB.id).execute();
  const g = await partnerGoods(t, 'JP-5GB-7D');
  specId = defined(g.specIds[0]);
  // a plan for Japan: travellers going elsewhere are refused
  await t.ctx.db.updateTable('goods').set({ destinations: '["JP"]' }).where('id', '=', g.goodsId).execute();
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

describe('members and roles', () => {
  it('lets only a company account open a company, once', async () => {
    expect((await api(stranger, 'POST', 'setup', { body: { name: 'X' } })).code).toBe(8100);
    const set = await api(owner, 'POST', 'setup', { body: { name: '環宇科技', approvalThreshold: 50_000 } });
    expect(set.code, set.message).toBe(1000);
    expect(set.data).toMatchObject({
      name: '環宇科技',
      role: 'owner',
      approvalThreshold: 50_000,
      memberCount: 1,
    });
    expect((await api(owner, 'POST', 'setup', { body: { name: 'again' } })).code).toBe(8103);
  });

  it('invites by phone or e-mail with a single-use code only the invited account can use', async () => {
    const inv = await api(owner, 'POST', 'invite/add', {
      body: { role: 'traveller', name: '王大同', phone: travA.phone },
    });
    expect(inv.code, inv.message).toBe(1000);
    expect(inv.data.link).toContain(`/pages/company/join?code=${inv.data.code}`);
    const wrong = await api(stranger, 'POST', 'invite/join', {
      body: { code: inv.data.code },
      language: 'zh-Hant',
    });
    expect(wrong.code).toBe(8105);
    expect(wrong.message).toBe('此邀請是寄給其他手機號碼或電子郵件的');
    const joined = await api(travA, 'POST', 'invite/join', { body: { code: inv.data.code } });
    expect(joined.code, joined.message).toBe(1000);
    expect(joined.data.role).toBe('traveller');
    expect((await api(travA, 'POST', 'invite/join', { body: { code: inv.data.code } })).code).toBe(8104);

    const byMail = await api(owner, 'POST', 'invite/add', {
      body: { role: 'traveller', name: '李四', email: B_EMAIL.toUpperCase() },
    });
    expect((await api(travB, 'POST', 'invite/join', { body: { code: byMail.data.code } })).code).toBe(1000);
    const appr = await api(owner, 'POST', 'invite/add', {
      body: { role: 'approver', name: 'Approver', phone: approver.phone },
    });
    expect((await api(approver, 'POST', 'invite/join', { body: { code: appr.data.code } })).code).toBe(1000);
    expect((await api(owner, 'POST', 'invite/add', { body: { role: 'buyer', name: 'nobody' } })).code).toBe(
      8106,
    );
  });

  it("sends each invitation to the phone and the address it names, in the inviter's language", async () => {
    const phone = '+886912000901';
    const email = 'invitee@fleet.example';
    const inv = await api(owner, 'POST', 'invite/add', {
      body: { role: 'approver', name: 'Invitee', phone, email },
      language: 'zh-Hant',
    });
    expect(inv.code, inv.message).toBe(1000);
    // used before its job ran: nothing goes out
    const used = await api(owner, 'POST', 'invite/add', {
      body: { role: 'buyer', name: 'Early', phone: stranger.phone },
    });
    await t.ctx.db
      .updateTable('company_invite')
      .set({ used_at: Date.now() })
      .where('id', '=', used.data.id)
      .execute();
    await drainJobs(t);
    const sent = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', 'in', [phone, email, stranger.phone])
      .execute();
    expect(sent.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual([`email ${email}`, `sms ${phone}`]);
    for (const m of sent) {
      expect(m.body).toContain(inv.data.code);
      expect(m.body).toContain(inv.data.link);
      expect(m.body).toContain('審批人');
    }
    expect(sent.find((m) => m.channel === 'email')?.subject).toContain('邀請您加入');
  });

  it('refuses an expired invitation', async () => {
    const inv = await api(owner, 'POST', 'invite/add', {
      body: { role: 'buyer', name: 'Late', phone: stranger.phone },
    });
    await t.ctx.db
      .updateTable('company_invite')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', inv.data.id)
      .execute();
    expect((await api(stranger, 'POST', 'invite/join', { body: { code: inv.data.code } })).code).toBe(8104);
    expect((await api(stranger, 'GET', 'info')).data).toBeNull();
  });

  it('checks the role on every call; the owner stays owner', async () => {
    for (const [m, p] of [
      ['GET', 'member/list'],
      ['GET', 'card/list'],
      ['GET', 'invite/list'],
    ] as const)
      expect((await api(travA, m, p)).code, p).toBe(8102);
    expect((await api(travA, 'POST', 'batch/preview', { body: { specId, quantity: 1 } })).code).toBe(8102);
    expect(
      (await api(approver, 'POST', 'member/role', { body: { userId: travA.id, role: 'buyer' } })).code,
    ).toBe(8102);
    expect(
      (await api(owner, 'POST', 'member/role', { body: { userId: owner.id, role: 'buyer' } })).code,
    ).toBe(8108);
    expect((await api(owner, 'POST', 'member/remove', { body: { userId: stranger.id } })).code).toBe(8107);
    expect((await api(stranger, 'GET', 'member/list')).code).toBe(8101);
    const list = await api(owner, 'GET', 'member/list');
    expect(list.data.map((m: { role: string }) => m.role).sort()).toEqual([
      'approver',
      'owner',
      'traveller',
      'traveller',
    ]);
  });
});

describe('bulk purchase, approval and assignment', () => {
  let batchId = 0;
  let orderId = 0;

  it('previews a CSV of 60 travellers with Chinese names (BOM, quoted comma, other date forms) without errors', async () => {
    const res = await api(owner, 'POST', 'batch/preview', { body: { specId, csv: travellersCsv() } });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.quantity).toBe(60);
    expect(res.data.errorCount).toBe(0);
    expect(res.data.rows[0]).toMatchObject({ row: 2, name: '陳明1', destination: 'JP' });
    expect(res.data.rows[59]).toMatchObject({
      name: '李, 四',
      email: B_EMAIL,
      destination: 'JP',
      startDate: '2026-12-01',
    });
  });

  it('refuses a row going where the chosen plan does not reach, in the reader language; nothing written', async () => {
    const csv = [
      'name,phone,destination',
      'Ana,+886912345601,JP',
      'Ben,+886912345602,kr',
      'Cy,+886912345603,',
    ].join('\n');
    const res = await api(owner, 'POST', 'batch/preview', { body: { specId, csv }, language: 'zh-Hant' });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.rows.map((r: { errors: { code: number }[] }) => r.errors.map((e) => e.code))).toEqual([
      [],
      [8130],
      [],
    ]);
    expect(res.data.rows[1].errors[0].message).toMatch(/^第 3 列：所選方案不涵蓋\S+/);
    const confirm = await api(owner, 'POST', 'batch/confirm', { body: { specId, csv, payWay: 'wallet' } });
    expect(confirm.code).toBe(8119);
    expect(await t.ctx.db.selectFrom('company_batch').select('id').execute()).toHaveLength(0);
  });

  it('lists every broken row in the reader language and writes nothing', async () => {
    const csv = [
      'name,phone,email,destination,start,end',
      'Ana,12,,JP,2026-01-01,2026-01-05',
      '張三,+886912345678,,Atlantis,2026-01-01,2026-01-05',
      '李四,+886912345679,,JP,2026-02-10,2026-02-01',
      '王五,+886912345678,,JP,2026-01-01,2026-13-01',
      ',+886912345670,,,,',
      'Zoe,,,,,',
    ].join('\n');
    const orders = async () => (await t.ctx.db.selectFrom('shop_order').select('id').execute()).length;
    const before = await orders();
    const res = await api(owner, 'POST', 'batch/preview', { body: { specId, csv }, language: 'zh-Hans' });
    expect(res.code, res.message).toBe(1000);
    const codes = res.data.rows.map((r: { errors: { code: number }[] }) => r.errors.map((e) => e.code));
    expect(codes).toEqual([[8113], [8115], [8117], [8116, 8118], [8111], [8112]]);
    expect(res.data.rows[3].errors[1].message).toBe('第 5 行：与第 3 行为同一出行人');
    const confirm = await api(owner, 'POST', 'batch/confirm', {
      body: { specId, csv, payWay: 'wallet' },
      language: 'fr',
    });
    expect(confirm.code).toBe(8119);
    expect(confirm.message).toContain('6 lignes');
    expect(await orders()).toBe(before);
    expect(await t.ctx.db.selectFrom('company_batch').select('id').execute()).toHaveLength(0);
    const broken = await api(owner, 'POST', 'batch/preview', {
      body: { specId, csv: 'name,phone\n"unclosed,1' },
    });
    expect(broken.code).toBe(8109);
  });

  it('orders the 60 as one order held for an approver with its stock; unpaid until approved', async () => {
    const stock = await stockOf(t, specId);
    const res = await api(owner, 'POST', 'batch/confirm', {
      body: { specId, csv: travellersCsv(), payWay: 'wallet', idempotencyKey: 'batch-60-first' },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({
      quantity: 60,
      status: 'awaiting_approval',
      travellers: 60,
      totalAmount: 600_000,
    });
    batchId = res.data.id;
    orderId = res.data.orderId;
    const again = await api(owner, 'POST', 'batch/confirm', {
      body: { specId, csv: travellersCsv(), payWay: 'wallet', idempotencyKey: 'batch-60-first' },
    });
    expect(again.data.id).toBe(batchId);
    expect(await stockOf(t, specId)).toBe(stock - 60);
    const order = await t.ctx.db
      .selectFrom('shop_order')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(order.user_id)).toBe(owner.id);
    expect(Number(order.pay_deadline)).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    const pay = await call(t.app, 'POST', 'app/order/pay/walletPay', {
      token: owner.token,
      body: { orderId },
      language: 'es',
    });
    expect(pay.code).toBe(8122);
    expect(pay.message).toContain('aprobador');
    expect((await api(approver, 'GET', 'info')).data.pendingApprovals).toBe(1);
    expect((await api(travA, 'GET', 'info')).data.pendingApprovals).toBe(0);
    const pending = await api(approver, 'POST', 'batch/page', { body: { status: 'awaiting_approval' } });
    expect(pending.data.list.map((b: { id: number }) => b.id)).toEqual([batchId]);
  });

  it('lets an approver approve (a traveller cannot); then it is paid, delivered and assigned', async () => {
    expect((await api(travA, 'POST', 'batch/decide', { body: { batchId, approve: true } })).code).toBe(8102);
    const ok = await api(approver, 'POST', 'batch/decide', {
      body: { batchId, approve: true, reason: 'Q4 trip' },
    });
    expect(ok.code, ok.message).toBe(1000);
    expect(ok.data).toMatchObject({ status: 'approved', decidedBy: 'Approver', reason: 'Q4 trip' });
    expect((await api(approver, 'POST', 'batch/decide', { body: { batchId, approve: false } })).code).toBe(
      8121,
    );
    expect((await api(approver, 'GET', 'info')).data.pendingApprovals).toBe(0);
    expect(await payOrder(t, orderId)).toBe(true);
    // the retried jobs only (delivery, then what it enqueued): no tick of the scheduled company.assign
    await drainJobs(t);
    expect(
      await t.ctx.db.selectFrom('job_lease').selectAll().where('name', '=', 'company.assign').execute(),
    ).toEqual([]);
    // the delivery handed the cards over: the backstop finds nothing left to do
    expect(await assignFleetCards(t.ctx)).toBe(0);
    const mine = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: travA.token });
    expect(mine.data.items).toHaveLength(1);
    expect(mine.data.items[0].status).toBe('not_installed');
    const detail = await call(t.app, 'GET', 'app/simcard/iccid/detail', {
      token: travA.token,
      query: { iccid: mine.data.items[0].iccid },
    });
    expect(detail.data.activation.activationCode).toMatch(/^LPA:1\$/);
    const fleet = await api(owner, 'GET', 'card/list');
    expect(fleet.data).toHaveLength(60);
    const named = fleet.data.filter((c: { travellerName: string | null }) => c.travellerName !== null);
    expect(named.map((c: { travellerName: string }) => c.travellerName).sort()).toEqual(
      ['李, 四', '王大同'].sort(),
    );
    const theirs = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: travB.token });
    expect(theirs.data.items.map((c: { iccid: string }) => c.iccid)).not.toContain(mine.data.items[0].iccid);
  });

  it('hands a traveller who joins after the delivery their card when they join, not on the tick', async () => {
    // the first row of the CSV: a traveller with an account but not yet a member
    const late = await createUser(t.ctx, { phone: `+88691${String(2000001).padStart(7, '0')}` });
    const inv = await api(owner, 'POST', 'invite/add', {
      body: { role: 'traveller', name: '陳小明1', phone: late.phone },
    });
    expect(inv.code, inv.message).toBe(1000);
    expect((await api(late, 'POST', 'invite/join', { body: { code: inv.data.code } })).code).toBe(1000);
    await drainJobs(t);
    const theirs = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: late.token });
    expect(theirs.data.items).toHaveLength(1);
    expect(await assignFleetCards(t.ctx)).toBe(0);
    // they leave again (their eSIM stays theirs): the company's members are as the later tests expect
    expect((await api(owner, 'POST', 'member/remove', { body: { userId: late.id } })).code).toBe(1000);
  });

  it('reassigns an eSIM not installed, refuses an installed one; concurrent moves never both win', async () => {
    const fleet = companyFleetCards.parse((await api(owner, 'GET', 'card/list')).data);
    const ofA = defined(fleet.find((c) => c.travellerUserId === travA.id));
    const moves = await Promise.all(
      [travB, approver, travB, approver, owner, travB].map((u) =>
        api(owner, 'POST', 'card/reassign', { body: { iccid: ofA.iccid, userId: u.id } }),
      ),
    );
    expect(
      moves.every((m) => m.code === 1000 || m.code === 8128),
      JSON.stringify(moves.map((m) => m.code)),
    ).toBe(true);
    expect(moves.some((m) => m.code === 1000)).toBe(true);
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('iccid', '=', ofA.iccid)
      .executeTakeFirstOrThrow();
    const row = await t.ctx.db
      .selectFrom('company_traveller')
      .selectAll()
      .where('iccid', '=', ofA.iccid)
      .executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(Number(card.user_id));
    expect(
      (await call(t.app, 'GET', 'app/simcard/iccid/list', { token: travA.token })).data.items,
    ).toHaveLength(0);

    // the guard itself: two hand-overs from the same holder, at once, move the card once
    const from = Number(card.user_id);
    const won = await Promise.all(
      [travA.id, stranger.id].map((to) =>
        t.ctx.db.transaction().execute((trx) => handOverCard(trx, ofA.iccid, from, to, Date.now())),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);

    const other = defined(fleet.find((c) => c.iccid !== ofA.iccid && c.travellerUserId !== null));
    await t.ctx.db
      .updateTable('sim_card')
      .set({ status: 'active' })
      .where('iccid', '=', other.iccid)
      .execute();
    const installed = await api(owner, 'POST', 'card/reassign', {
      body: { iccid: other.iccid, userId: travA.id },
    });
    expect(installed.code).toBe(8124);
    const foreign = await api(owner, 'POST', 'card/reassign', {
      body: { iccid: '8988600000000000001', userId: travA.id },
    });
    expect(foreign.code).toBe(8123);
  });

  it('rejects with a reason: the order closes and its stock returns', async () => {
    const stock = await stockOf(t, specId);
    const res = await api(owner, 'POST', 'batch/confirm', {
      body: { specId, quantity: 10, payWay: 'wallet' },
    });
    expect(res.data.status).toBe('awaiting_approval');
    expect(await stockOf(t, specId)).toBe(stock - 10);
    const no = await api(approver, 'POST', 'batch/decide', {
      body: { batchId: res.data.id, approve: false, reason: 'over budget' },
    });
    expect(no.data).toMatchObject({ status: 'rejected', reason: 'over budget', orderStatus: 7 });
    expect(await stockOf(t, specId)).toBe(stock);
  });

  it('gives the monthly statement as JSON and as CSV with a BOM', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const s = await api(approver, 'GET', 'statement/info', { query: { month } });
    expect(s.code, s.message).toBe(1000);
    expect(s.data).toMatchObject({ company: '環宇科技', ordersTotal: 600_000, refundsTotal: 0, cards: 60 });
    const invoiceNo = s.data.lines[0].invoiceNo as string;
    expect(invoiceNo).toMatch(/^[A-Z]{2}\d{8}$/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/app/company/statement/export?month=${month}`,
      headers: { authorization: owner.token },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFkind,at,order_no,invoice_no')).toBe(true);
    expect(res.body).toContain(`,${invoiceNo},`);
    expect(res.body).toContain('orders_total,,,,,6000.00');
    expect((await api(travA, 'GET', 'statement/info', { query: { month } })).code).toBe(8102);
  });

  it('shows operators the companies, members and orders', async () => {
    const op = await t.ctx.db
      .insertInto('admin_user')
      .values({
        username: 'company-support',
        name: 'support',
        password_hash: 'x',
        role: 'support',
        status: 1,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = (await t.ctx.tokens.issue('admin', op.id)).token;
    const page = await call(t.app, 'POST', 'admin/company/info/page', { token, body: { keyword: '環宇' } });
    expect(page.code, page.message).toBe(1000);
    expect(page.data.list).toHaveLength(1);
    const detail = await call(t.app, 'GET', 'admin/company/info/info', {
      token,
      query: { id: String(page.data.list[0].id) },
    });
    expect(detail.code).toBe(1000);
    expect(detail.data.members).toHaveLength(4);
    expect(detail.data.batches).toHaveLength(2);
  });
});
