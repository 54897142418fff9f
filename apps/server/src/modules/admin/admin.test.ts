import type { AdminRole } from '@simshop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { hashPassword } from '../../platform/password';
import { requestSmsCode, solveCaptcha } from '../code/code.fixtures';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = (await adminLogin('admin', 'admin123456')).data.token;
});
afterAll(async () => t.close());

function adminLogin(username: string, password: string) {
  return call(t.app, 'POST', 'admin/base/open/login', { body: { username, password } });
}

let operatorSeq = 0;
/** Adds an operator with a role and logs them in. */
async function operator(role: AdminRole, status = 1) {
  operatorSeq += 1;
  const username = `${role}${operatorSeq}`;
  await t.ctx.db
    .insertInto('admin_user')
    .values({
      username,
      name: `Test ${role}`,
      password_hash: await hashPassword('operator-pass'),
      role,
      status,
      created_at: Date.now(),
    })
    .execute();
  const res = await adminLogin(username, 'operator-pass');
  return { username, token: res.data?.token as string, res };
}

async function userWithSubmission(legalName = '王小明', idNumber = 'A123456789') {
  const u = await createUser(t.ctx);
  const publicId = (await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).data.id as string;
  const res = await call(t.app, 'POST', 'app/user/info/realName', {
    token: u.token,
    body: { legalName, idType: 'TW_ID', idNumber },
  });
  expect(res.code).toBe(1000);
  return { ...u, publicId };
}

const review = (token: string, body: unknown, language = 'en') =>
  call(t.app, 'POST', 'admin/user/realName/review', { token, body, language });
const myRealName = (token: string) => call(t.app, 'GET', 'app/user/info/realName', { token });

describe('operator login', () => {
  it('logs the seeded demo operator in and shows who they are', async () => {
    const res = await adminLogin('admin', 'admin123456');
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ expire: 7200 });
    const me = await call(t.app, 'GET', 'admin/base/comm/person', { token: res.data.token });
    expect(me.data).toMatchObject({ username: 'admin', role: 'owner' });
  });

  it('answers a wrong password and an unknown operator alike', async () => {
    const wrong = await adminLogin('admin', 'admin1234567');
    const unknown = await adminLogin('nobody', 'admin123456');
    expect(wrong.code).toBe(2010);
    expect(unknown.code).toBe(2010);
    expect(wrong.message).toBe(unknown.message);
  });

  it('refuses a disabled operator', async () => {
    const { res } = await operator('orders', 0);
    expect(res.code).toBe(2011);
  });

  it('refuses an empty username', async () => {
    const res = await adminLogin('', 'x');
    expect(res.code).toBe(1001);
    expect(res.data).toEqual({ field: 'username' });
  });

  it('rotates the token pair on refresh and ends the session on logout', async () => {
    const login = await adminLogin('admin', 'admin123456');
    const refreshed = await call(t.app, 'POST', 'admin/base/open/refreshToken', {
      body: { refreshToken: login.data.refreshToken },
    });
    expect(refreshed.code).toBe(1000);
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token: login.data.token })).status).toBe(
      401,
    );
    const token = refreshed.data.token;
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token })).code).toBe(1000);
    expect((await call(t.app, 'POST', 'admin/base/comm/logout', { token })).code).toBe(1000);
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token })).status).toBe(401);
  });
});

describe('operator login protection', () => {
  const login = (username: string, password: string, extra: Record<string, unknown> = {}, language = 'en') =>
    call(t.app, 'POST', 'admin/base/open/login', { body: { username, password, ...extra }, language });

  it('counts attempts before checking them: of 12 parallel wrong guesses only 3 go without a captcha', async () => {
    const { username } = await operator('orders');
    const results = await Promise.all(Array.from({ length: 12 }, () => login(username, 'wrong-pass')));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 2010)).toHaveLength(3);
    expect(codes.filter((c) => c === 2001)).toHaveLength(9);
    expect((await login(username, 'operator-pass')).code).toBe(2001);
    expect((await login(username, 'operator-pass', await solveCaptcha(t))).code).toBe(1000);
    expect((await login(username, 'operator-pass')).code).toBe(1000);
  });

  it('asks for the captcha after 3 failures at an unknown operator name too', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('ghost-operator', 'x-pass')).code).toBe(2010);
    expect((await login('ghost-operator', 'x-pass')).code).toBe(2001);
  });

  it('locks an operator for 15 minutes after 10 failures in a row and says how long', async () => {
    const { username } = await operator('orders');
    for (let i = 0; i < 10; i += 1)
      expect((await login(username, 'wrong-pass', i < 3 ? {} : await solveCaptcha(t))).code).toBe(2010);
    const locked = await login(username, 'operator-pass', await solveCaptcha(t), 'zh-Hans');
    expect(locked).toMatchObject({ code: 2034, message: '登录失败次数过多，请 15 分钟后再试' });
    const realNow = Date.now;
    Date.now = () => realNow() + 16 * 60_000;
    try {
      expect((await login(username, 'operator-pass')).code).toBe(2001);
      expect((await login(username, 'operator-pass', await solveCaptcha(t))).code).toBe(1000);
    } finally {
      Date.now = realNow;
    }
  });
});

describe('operator lock per name and address (issue 26)', () => {
  const loginFrom = (
    address: string,
    username: string,
    password: string,
    extra: Record<string, unknown> = {},
  ) =>
    call(t.app, 'POST', 'admin/base/open/login', {
      body: { username, password, ...extra },
      headers: { 'x-forwarded-for': address },
    });

  it('ten wrong passwords from a stranger lock the stranger, not the owner elsewhere', async () => {
    const { username } = await operator('orders');
    const stranger = '198.51.100.40';
    for (let i = 0; i < 10; i += 1)
      expect(
        (await loginFrom(stranger, username, 'wrong-pass', i < 3 ? {} : await solveCaptcha(t))).code,
      ).toBe(2010);
    // the stranger is locked, even with the right password
    expect((await loginFrom(stranger, username, 'operator-pass', await solveCaptcha(t))).code).toBe(2034);
    // the owner, from their own address, signs in (past 3 failures, with the captcha)
    const owner = await loginFrom('203.0.113.40', username, 'operator-pass', await solveCaptcha(t));
    expect(owner.code, owner.message).toBe(1000);
    // and the owner's success does not lift the stranger's lock
    expect((await loginFrom(stranger, username, 'operator-pass', await solveCaptcha(t))).code).toBe(2034);
  });

  it('the well-known name `admin` cannot be locked out from anywhere', async () => {
    const stranger = '198.51.100.41';
    for (let i = 0; i < 10; i += 1)
      await loginFrom(stranger, 'admin', 'wrong-pass', i < 3 ? {} : await solveCaptcha(t));
    expect((await loginFrom(stranger, 'admin', 'admin123456', await solveCaptcha(t))).code).toBe(2034);
    const res = await loginFrom('203.0.113.41', 'admin', 'admin123456', await solveCaptcha(t));
    expect(res.code, res.message).toBe(1000);
  });
});

describe('operator password change', () => {
  const change = (token: string, body: unknown, language = 'en') =>
    call(t.app, 'POST', 'admin/base/comm/updatePassword', { token, body, language });

  it("changes the password with the current one and ends the operator's other sessions", async () => {
    const me = await operator('support');
    const other = await adminLogin(me.username, 'operator-pass');
    expect((await change(me.token, { oldPassword: 'operator-pass', newPassword: 'short' })).code).toBe(1001);
    expect((await change(me.token, { oldPassword: 'not-it', newPassword: 'brand-new-pass' })).code).toBe(
      2010,
    );
    const res = await change(me.token, { oldPassword: 'operator-pass', newPassword: 'brand-new-pass' });
    expect(res.code).toBe(1000);
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token: me.token })).code).toBe(1000);
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token: other.data.token })).status).toBe(
      401,
    );
    expect((await adminLogin(me.username, 'operator-pass')).code).toBe(2010);
    expect((await adminLogin(me.username, 'brand-new-pass')).code).toBe(1000);
  });

  it('needs an operator session', async () => {
    const u = await createUser(t.ctx);
    const res = await change(u.token, { oldPassword: 'x', newPassword: 'brand-new-pass' });
    expect(res.status).toBe(401);
  });
});

describe('realm separation', () => {
  it('refuses an operator token on app routes', async () => {
    const res = await call(t.app, 'GET', 'app/user/info/person', { token: superToken });
    expect(res.status).toBe(401);
  });

  it('refuses a user token on operator routes', async () => {
    const u = await createUser(t.ctx);
    expect((await call(t.app, 'GET', 'admin/base/comm/person', { token: u.token })).status).toBe(401);
    const other = await createUser(t.ctx);
    const publicId = (await call(t.app, 'GET', 'app/user/info/person', { token: other.token })).data.id;
    const res = await call(t.app, 'POST', 'admin/user/info/status', {
      token: u.token,
      body: { userPublicId: publicId, status: 0 },
    });
    expect(res.status).toBe(401);
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: other.token })).code).toBe(1000);
  });

  it('does not let refresh tokens cross realms', async () => {
    const u = await createUser(t.ctx);
    const asAdmin = await call(t.app, 'POST', 'admin/base/open/refreshToken', {
      body: { refreshToken: u.refreshToken },
    });
    expect(asAdmin.code).toBe(2013);
    const login = await adminLogin('admin', 'admin123456');
    const asApp = await call(t.app, 'POST', 'app/user/login/refreshToken', {
      body: { refreshToken: login.data.refreshToken },
    });
    expect(asApp.code).not.toBe(1000);
  });
});

describe('role guard', () => {
  it('keeps catalogue staff out of reviews and account status, in the caller language', async () => {
    const support = await operator('catalogue');
    const u = await userWithSubmission();
    const res = await review(support.token, { userPublicId: u.publicId, approve: true }, 'zh-Hans');
    expect(res.code).toBe(2028);
    expect(res.message).toBe('当前角色无此权限');
    const status = await call(t.app, 'POST', 'admin/user/info/status', {
      token: support.token,
      body: { userPublicId: u.publicId, status: 0 },
    });
    expect(status.code).toBe(2028);
    expect((await myRealName(u.token)).data.status).toBe('pending');
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).code).toBe(1000);
  });

  it('lets support review (the real-name queue is theirs)', async () => {
    const op = await operator('support');
    const u = await userWithSubmission();
    expect((await review(op.token, { userPublicId: u.publicId, approve: true })).data).toEqual({
      status: 'verified',
    });
  });
});

describe('real-name review', () => {
  it('shows operators the unmasked submission in the queue and in detail', async () => {
    const u = await userWithSubmission('林美華', 'F131104093');
    const page = await call(t.app, 'POST', 'admin/user/realName/page', {
      token: superToken,
      body: { page: 1, size: 100, status: 'pending' },
    });
    expect(page.code).toBe(1000);
    const item = page.data.list.find((i: { userPublicId: string }) => i.userPublicId === u.publicId);
    expect(item).toMatchObject({ legalName: '林美華', idNumber: 'F131104093', status: 'pending' });
    expect(page.data.pagination.total).toBeGreaterThanOrEqual(1);
    const info = await call(t.app, 'GET', 'admin/user/realName/info', {
      token: superToken,
      query: { userPublicId: u.publicId },
    });
    expect(info.data).toMatchObject({ legalName: '林美華', idType: 'TW_ID', idNumber: 'F131104093' });
  });

  it('audits every read of unmasked ID numbers, in the queue and in detail (issue 26)', async () => {
    const u = await userWithSubmission('林美華', 'F131104093');
    const entries = () =>
      t.ctx.db
        .selectFrom('admin_audit')
        .selectAll()
        .where('entity', '=', 'real_name')
        .where('after_json', 'like', `%${u.publicId}%`)
        .orderBy('id')
        .execute();
    expect(await entries()).toHaveLength(0);
    await call(t.app, 'POST', 'admin/user/realName/page', {
      token: superToken,
      body: { page: 1, size: 100, status: 'pending' },
    });
    await call(t.app, 'GET', 'admin/user/realName/info', {
      token: superToken,
      query: { userPublicId: u.publicId },
    });
    const seen = await entries();
    expect(seen.map((e) => e.action)).toEqual([
      'POST admin/user/realName/page',
      'GET admin/user/realName/info',
    ]);
    expect(seen[1]).toMatchObject({ entity_id: u.publicId, before_json: null });
    expect(seen.every((e) => !String(e.after_json).includes('F131104093'))).toBe(true);
    // a refused read is not logged
    const before = (await t.ctx.db.selectFrom('admin_audit').select('id').execute()).length;
    const missing = await call(t.app, 'GET', 'admin/user/realName/info', {
      token: superToken,
      query: { userPublicId: 'no-such-user' },
    });
    expect(missing.code).not.toBe(1000);
    expect((await t.ctx.db.selectFrom('admin_audit').select('id').execute()).length).toBe(before);
  });

  it('approves: the user sees verified and can no longer resubmit', async () => {
    const u = await userWithSubmission();
    expect((await review(superToken, { userPublicId: u.publicId, approve: true })).code).toBe(1000);
    expect((await myRealName(u.token)).data).toMatchObject({ status: 'verified', legalName: '王*明' });
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).data.realNameStatus).toBe(
      'verified',
    );
    const again = await call(t.app, 'POST', 'app/user/info/realName', {
      token: u.token,
      body: { legalName: '王大明', idType: 'TW_ID', idNumber: 'B223456782' },
    });
    expect(again.code).toBe(2026);
  });

  it('rejects with a reason the user reads, after which the user may resubmit', async () => {
    const u = await userWithSubmission();
    const res = await review(superToken, {
      userPublicId: u.publicId,
      approve: false,
      reason: 'Name differs',
    });
    expect(res.data).toEqual({ status: 'rejected' });
    expect((await myRealName(u.token)).data).toMatchObject({ status: 'rejected', reason: 'Name differs' });
    const again = await call(t.app, 'POST', 'app/user/info/realName', {
      token: u.token,
      body: { legalName: '王小明', idType: 'TW_ID', idNumber: 'B223456782' },
    });
    expect(again.data).toMatchObject({ status: 'pending', reason: null });
  });

  it('requires a reason to reject', async () => {
    const u = await userWithSubmission();
    const res = await review(superToken, { userPublicId: u.publicId, approve: false });
    expect(res.code).toBe(1001);
    expect(res.data).toEqual({ field: 'reason' });
    expect((await myRealName(u.token)).data.status).toBe('pending');
  });

  it('refuses to decide twice, and answers not found for a user without a submission', async () => {
    const u = await userWithSubmission();
    await review(superToken, { userPublicId: u.publicId, approve: true });
    expect((await review(superToken, { userPublicId: u.publicId, approve: false, reason: 'x' })).code).toBe(
      1005,
    );
    expect((await myRealName(u.token)).data.status).toBe('verified');
    const none = await createUser(t.ctx);
    const noneId = (await call(t.app, 'GET', 'app/user/info/person', { token: none.token })).data.id;
    expect((await review(superToken, { userPublicId: noneId, approve: true })).code).toBe(1002);
    expect((await review(superToken, { userPublicId: '01NOSUCHUSER', approve: true })).code).toBe(1002);
  });
});

describe('user status', () => {
  it('disabling ends the sessions and blocks login; enabling lets the user back in', async () => {
    const u = await createUser(t.ctx);
    const publicId = (await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).data.id;
    const off = await call(t.app, 'POST', 'admin/user/info/status', {
      token: superToken,
      body: { userPublicId: publicId, status: 0 },
    });
    expect(off.data).toEqual({ userPublicId: publicId, status: 0 });
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: u.token })).status).toBe(401);
    const refresh = await call(t.app, 'POST', 'app/user/login/refreshToken', {
      body: { refreshToken: u.refreshToken },
    });
    expect(refresh.code).not.toBe(1000);
    const { code } = await requestSmsCode(t, u.phone);
    const blocked = await call(t.app, 'POST', 'app/user/account/login', {
      body: { phone: u.phone, smsCode: code, agreement: true },
    });
    expect(blocked.code).toBe(2011);

    await call(t.app, 'POST', 'admin/user/info/status', {
      token: superToken,
      body: { userPublicId: publicId, status: 1 },
    });
    await t.ctx.db
      .updateTable('verify_code')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .where('target', '=', u.phone)
      .execute();
    const { code: code2 } = await requestSmsCode(t, u.phone);
    const back = await call(t.app, 'POST', 'app/user/account/login', {
      body: { phone: u.phone, smsCode: code2, agreement: true },
    });
    expect(back.code).toBe(1000);
    expect((await call(t.app, 'GET', 'app/user/info/person', { token: back.data.token })).data.id).toBe(
      publicId,
    );
  });

  it('refuses a status other than 0 or 1 and an unknown user', async () => {
    const bad = await call(t.app, 'POST', 'admin/user/info/status', {
      token: superToken,
      body: { userPublicId: 'x', status: 2 },
    });
    expect(bad.data).toEqual({ field: 'status' });
    const unknown = await call(t.app, 'POST', 'admin/user/info/status', {
      token: superToken,
      body: { userPublicId: '01NOSUCHUSER', status: 0 },
    });
    expect(unknown.code).toBe(1002);
  });
});

describe('configuration', () => {
  it('refuses to start in production with the demo operator password', () => {
    const production = {
      APP_MODE: 'production',
      APP_SECRET: 'a-production-secret-of-at-least-32-chars',
      WECHAT_APP_SECRET: 'real-wechat-secret',
      PUBLIC_URL: 'https://shop.example.com',
      // production sends SMS through a gateway
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
    };
    expect(() => loadConfig(production)).toThrow(/ADMIN_INITIAL_PASSWORD/);
    expect(
      loadConfig({ ...production, ADMIN_INITIAL_PASSWORD: 'a-strong-one-2025' }).adminInitialPassword,
    ).toBe('a-strong-one-2025');
  });
});
