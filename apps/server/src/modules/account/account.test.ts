import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, defined, type TestApp } from '../../test/harness';
import { hashPassword } from '../../platform/password';
import { ageCodes, lastOutboxMessage, newPhone, requestSmsCode, solveCaptcha } from '../code/code.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * Whether an access token still opens a route that requires login (step 2 of a finished account: it
 * answers REGISTER_STEP_INVALID and changes nothing).
 */
async function tokenWorks(token: string) {
  const res = await call(t.app, 'POST', 'app/user/account/personal/registerStep2', {
    token,
    body: { nickname: 'probe' },
  });
  if (res.status !== 401) expect(res.code).toBe(2018);
  return res.status !== 401;
}

async function smsLogin(
  phone: string,
  code: string | null,
  extra: Record<string, unknown> = {},
  language = 'en',
) {
  return call(t.app, 'POST', 'app/user/account/login', {
    body: { phone, smsCode: code, agreement: true, ...extra },
    language,
  });
}

async function userByPhone(e164: string) {
  return t.ctx.db.selectFrom('user').selectAll().where('phone', '=', e164).executeTakeFirst();
}

async function setStatus(e164: string, status: number) {
  await t.ctx.db.updateTable('user').set({ status }).where('phone', '=', e164).execute();
}

describe('SMS login', () => {
  it('creates a personal account on the first login and records the agreement', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    const before = Date.now();
    const res = await smsLogin(phone.national, code);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ expire: 7200, refreshExpire: 30 * 24 * 3600 });
    expect(await tokenWorks(res.data.token)).toBe(true);
    const user = await userByPhone(phone.e164);
    expect(user).toMatchObject({
      kind: 'personal',
      status: 1,
      nickname: `SIM${phone.e164.slice(-4)}`,
      register_step: 2,
    });
    expect(user!.public_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(user!.agreement_at).toBeGreaterThanOrEqual(before);
  });

  it('logs the same account in again on a later login', async () => {
    const phone = newPhone();
    await smsLogin(phone.national, (await requestSmsCode(t, phone.national)).code);
    await ageCodes(t, phone.e164, 61_000);
    const again = await smsLogin(
      `+886 ${phone.national.slice(1)}`,
      (await requestSmsCode(t, phone.national)).code,
    );
    expect(again.code).toBe(1000);
    const rows = await t.ctx.db.selectFrom('user').select('id').where('phone', '=', phone.e164).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a login without the agreement ticked, in the caller language', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    const en = await smsLogin(phone.national, code, { agreement: false });
    expect(en).toMatchObject({ code: 2015, message: 'Please check the agreement before logging in' });
    const zh = await smsLogin(phone.national, code, { agreement: false }, 'zh-Hans');
    expect(zh).toMatchObject({ code: 2015, message: '请先勾选同意协议再登录' });
    const missing = await call(t.app, 'POST', 'app/user/account/login', {
      body: { phone: phone.national, smsCode: code },
    });
    expect(missing).toMatchObject({ code: 1001, message: 'Agreement: is required' });
    // the code was not spent by the refused attempts
    expect((await smsLogin(phone.national, code)).code).toBe(1000);
  });

  it('answers malformed input field by field in the caller language', async () => {
    const malformed = await smsLogin('0912345678', '12ab56');
    expect(malformed).toMatchObject({ code: 1001, message: 'SMS code: has an invalid format' });
    const malformedZh = await smsLogin('0912345678', '12345', {}, 'zh-Hans');
    expect(malformedZh).toMatchObject({ code: 1001, message: '验证码格式不正确' });
    const noCode = await smsLogin('0912345678', null, {}, 'zh-Hans');
    expect(noCode.code).toBe(1001);
    expect(noCode.data).toEqual({ field: 'smsCode' });
    const badPhone = await smsLogin('09-12', '123456', {}, 'zh-Hans');
    expect(badPhone).toMatchObject({ code: 2008, message: '手机号格式不正确' });
    const noCountry = await smsLogin('13812345678', '123456');
    expect(noCountry).toMatchObject({
      code: 2009,
      message: 'International numbers must include the country code',
    });
  });

  it('refuses a wrong code, then still accepts the right one', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await smsLogin(phone.national, wrong, {}, 'zh-Hans');
    expect(res).toMatchObject({ code: 2003, message: '验证码错误' });
    expect((await smsLogin(phone.national, code)).code).toBe(1000);
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    await t.ctx.db
      .updateTable('verify_code')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', phone.e164)
      .execute();
    const res = await smsLogin(phone.national, code);
    expect(res).toMatchObject({
      code: 2004,
      message: 'The verification code has expired, please request a new one',
    });
  });

  it('burns the code after 5 wrong tries', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await smsLogin(phone.national, wrong)).code);
    expect(codes).toEqual([2003, 2003, 2003, 2003, 2005]);
    const right = await smsLogin(phone.national, code);
    expect(right).toMatchObject({
      code: 2005,
      message: 'Too many wrong attempts, please request a new code',
    });
  });

  it('accepts a code once: of two concurrent logins exactly one succeeds', async () => {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national);
    const results = await Promise.all([smsLogin(phone.national, code), smsLogin(phone.national, code)]);
    expect(results.map((r) => r.code).sort()).toEqual([1000, 2003]);
    expect((await smsLogin(phone.national, code)).code).toBe(2003);
    const rows = await t.ctx.db.selectFrom('user').select('id').where('phone', '=', phone.e164).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses disabled and deleted accounts', async () => {
    const disabled = newPhone();
    await smsLogin(disabled.national, (await requestSmsCode(t, disabled.national)).code);
    await setStatus(disabled.e164, 0);
    await ageCodes(t, disabled.e164, 61_000);
    const d = await smsLogin(disabled.national, (await requestSmsCode(t, disabled.national)).code);
    expect(d).toMatchObject({ code: 2011, message: 'This account has been disabled' });

    const deleted = newPhone();
    await smsLogin(deleted.national, (await requestSmsCode(t, deleted.national)).code);
    await setStatus(deleted.e164, 2);
    await ageCodes(t, deleted.e164, 61_000);
    const x = await smsLogin(
      deleted.national,
      (await requestSmsCode(t, deleted.national)).code,
      {},
      'zh-Hans',
    );
    expect(x).toMatchObject({ code: 2012, message: '账号已注销' });
  });
});

describe('password login', () => {
  async function userWithPassword(password: string, extra: { username?: string; email?: string } = {}) {
    const phone = newPhone();
    const at = Date.now();
    await t.ctx.db
      .insertInto('user')
      .values({
        public_id:
          `01PW${String(at).slice(-8)}${Math.random().toString(36).slice(2, 16).toUpperCase()}`.slice(0, 26),
        phone: phone.e164,
        username: extra.username ?? null,
        email: extra.email ?? null,
        password_hash: await hashPassword(password),
        nickname: 'pw user',
        avatar_url: null,
        kind: 'personal',
        register_step: 2,
        status: 1,
        wechat_openid: null,
        order_receiving: 0,
        message_notify: 1,
        language: null,
        password_failures: 0,
        agreement_at: at,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
    return phone;
  }
  const phoneLogin = (
    phone: string,
    password: string,
    extra: Record<string, unknown> = {},
    language = 'en',
  ) => call(t.app, 'POST', 'app/user/login/phonePassword', { body: { phone, password, ...extra }, language });
  const accountLogin = (account: string, password: string) =>
    call(t.app, 'POST', 'app/user/login/password', { body: { account, password } });

  it('logs in with phone and password', async () => {
    const phone = await userWithPassword('s3cret-pass');
    const res = await phoneLogin(phone.national, 's3cret-pass');
    expect(res.code).toBe(1000);
    expect(await tokenWorks(res.data.token)).toBe(true);
  });

  it('logs in with user name, phone or e-mail as the account', async () => {
    const phone = await userWithPassword('s3cret-pass', { username: 'alice88', email: 'alice@example.com' });
    expect((await accountLogin('alice88', 's3cret-pass')).code).toBe(1000);
    expect((await accountLogin(phone.e164, 's3cret-pass')).code).toBe(1000);
    expect((await accountLogin('Alice@Example.com', 's3cret-pass')).code).toBe(1000);
  });

  it('gives the same answer for an unknown account, a wrong password and an account without password', async () => {
    const phone = await userWithPassword('s3cret-pass');
    const noPassword = newPhone();
    await smsLogin(noPassword.national, (await requestSmsCode(t, noPassword.national)).code);
    const answers = [
      await phoneLogin(phone.national, 'wrong-pass'),
      await phoneLogin(newPhone().national, 'whatever1'),
      await phoneLogin(noPassword.national, 'whatever1'),
      await accountLogin('nobody-here', 'whatever1'),
    ];
    for (const a of answers)
      expect(a).toMatchObject({ code: 2010, message: 'Incorrect account or password' });
  });

  it('requires a captcha after 3 failures in a row, and a success resets the count', async () => {
    const phone = await userWithPassword('s3cret-pass');
    for (let i = 0; i < 3; i += 1) expect((await phoneLogin(phone.national, 'wrong-pass')).code).toBe(2010);
    const needCaptcha = await phoneLogin(phone.national, 's3cret-pass', {}, 'zh-Hans');
    expect(needCaptcha).toMatchObject({ code: 2001, message: '请先完成图形验证' });
    const c = await solveCaptcha(t);
    const badCaptcha = await phoneLogin(phone.national, 's3cret-pass', {
      ...c,
      captchaAnswer: c.captchaAnswer + 50,
    });
    expect(badCaptcha.code).toBe(2002);
    const wrongPasswordWithCaptcha = await phoneLogin(phone.national, 'wrong-pass', await solveCaptcha(t));
    expect(wrongPasswordWithCaptcha.code).toBe(2010);
    const ok = await phoneLogin(phone.national, 's3cret-pass', await solveCaptcha(t));
    expect(ok.code).toBe(1000);
    const user = await userByPhone(phone.e164);
    expect(user!.password_failures).toBe(0);
    expect((await phoneLogin(phone.national, 's3cret-pass')).code).toBe(1000);
  });

  it('asks an unknown account for a captcha after 3 failures too, so the captcha reveals no accounts', async () => {
    const unknown = newPhone();
    for (let i = 0; i < 3; i += 1) expect((await phoneLogin(unknown.national, 'whatever1')).code).toBe(2010);
    expect((await phoneLogin(unknown.national, 'whatever1')).code).toBe(2001);
    expect((await phoneLogin(unknown.national, 'whatever1', await solveCaptcha(t))).code).toBe(2010);
    for (let i = 0; i < 3; i += 1) expect((await accountLogin('Ghost-Account', 'whatever1')).code).toBe(2010);
    expect((await accountLogin('ghost-account', 'whatever1')).code).toBe(2001);
  });

  it('counts each attempt before checking it: of 24 parallel wrong guesses only 3 go without a captcha', async () => {
    const phone = await userWithPassword('s3cret-pass');
    const results = await Promise.all(
      Array.from({ length: 24 }, () => phoneLogin(phone.national, 'wrong-pass')),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 2010)).toHaveLength(3);
    expect(codes.filter((c) => c === 2001)).toHaveLength(21);
    expect((await phoneLogin(phone.national, 's3cret-pass')).code).toBe(2001);
    expect((await phoneLogin(phone.national, 's3cret-pass', await solveCaptcha(t))).code).toBe(1000);
  });

  it('counts parallel guesses at an unknown account the same way', async () => {
    const unknown = newPhone();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => phoneLogin(unknown.national, 'whatever1')),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 2010)).toHaveLength(3);
    expect(codes.filter((c) => c === 2001)).toHaveLength(9);
  });

  it('refuses disabled and deleted accounts even with the right password', async () => {
    const a = await userWithPassword('s3cret-pass');
    await setStatus(a.e164, 0);
    expect((await phoneLogin(a.national, 's3cret-pass')).code).toBe(2011);
    const b = await userWithPassword('s3cret-pass');
    await setStatus(b.e164, 2);
    expect((await phoneLogin(b.national, 's3cret-pass')).code).toBe(2012);
    expect((await phoneLogin(b.national, 'wrong-pass')).code).toBe(2010);
  });
});

describe('refresh token', () => {
  async function loggedIn() {
    const phone = newPhone();
    const res = await smsLogin(phone.national, (await requestSmsCode(t, phone.national)).code);
    return { phone, tokens: res.data as { token: string; refreshToken: string } };
  }
  const refresh = (refreshToken: string) =>
    call(t.app, 'POST', 'app/user/login/refreshToken', { body: { refreshToken } });

  it('rotates both tokens: the old access token dies, the new one works', async () => {
    const { tokens } = await loggedIn();
    const res = await refresh(tokens.refreshToken);
    expect(res.code).toBe(1000);
    expect(Object.keys(res.data).sort()).toEqual(['expire', 'refreshExpire', 'refreshToken', 'token']);
    expect(res.data.token).not.toBe(tokens.token);
    expect(await tokenWorks(tokens.token)).toBe(false);
    expect(await tokenWorks(res.data.token)).toBe(true);
    expect((await refresh(res.data.refreshToken)).code).toBe(1000);
  });

  it('revokes the whole family when a spent refresh token comes back after the grace window', async () => {
    const { tokens } = await loggedIn();
    const next = (await refresh(tokens.refreshToken)).data;
    await t.ctx.db
      .updateTable('auth_token')
      .set({ used_at: Date.now() - 11_000 })
      .where('used_at', 'is not', null)
      .execute();
    const reuse = await refresh(tokens.refreshToken);
    expect(reuse).toMatchObject({
      code: 2014,
      message: 'Your session was ended for safety, please log in again',
    });
    expect(await tokenWorks(next.token)).toBe(false);
    expect((await refresh(next.refreshToken)).code).toBe(2013);
  });

  it('of five concurrent refreshes with one token exactly one succeeds, and its tokens work', async () => {
    const { tokens } = await loggedIn();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(tokens.refreshToken)));
    const winners = results.filter((r) => r.code === 1000);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.code === 2013)).toHaveLength(4);
    const winner = defined(winners[0], 'the winning refresh');
    expect(await tokenWorks(winner.data.token)).toBe(true);
    expect((await refresh(winner.data.refreshToken)).code).toBe(1000);
  });

  it('refuses unknown refresh tokens and an empty one', async () => {
    expect((await refresh('not-a-token')).code).toBe(2013);
    expect(
      (await call(t.app, 'POST', 'app/user/login/refreshToken', { body: { refreshToken: '' } })).code,
    ).toBe(1001);
  });

  it('refuses to refresh a disabled or deleted account, and its session ends', async () => {
    for (const [status, code] of [
      [0, 2011],
      [2, 2012],
    ] as const) {
      const { phone, tokens } = await loggedIn();
      await setStatus(phone.e164, status);
      expect((await refresh(tokens.refreshToken)).code).toBe(code);
      await setStatus(phone.e164, 1);
      expect(await tokenWorks(tokens.token)).toBe(false);
    }
  });
});

describe('registration', () => {
  async function registered(kind: 'personal' | 'company') {
    const phone = newPhone();
    const { code } = await requestSmsCode(t, phone.national, 'register');
    const res = await call(t.app, 'POST', 'app/user/account/register', {
      body: { phone: phone.national, smsCode: code, password: 'Str0ng-pass', kind, agreement: true },
    });
    return { phone, res };
  }
  async function emailCode(email: string) {
    await call(t.app, 'POST', 'app/user/comm/sendEmailCode', {
      body: { email, purpose: 'register', ...(await solveCaptcha(t)) },
    });
    return (await lastOutboxMessage(t.app, email)).code!;
  }
  const step2 = (kind: 'personal' | 'company', token: string, body: unknown, language = 'en') =>
    call(t.app, 'POST', `app/user/account/${kind}/registerStep2`, { body, token, language });

  it('registers a personal account, logged in at step 1, then completes step 2', async () => {
    const { phone, res } = await registered('personal');
    expect(res.code).toBe(1000);
    expect(res.data.registerStep).toBe(1);
    expect(await userByPhone(phone.e164)).toMatchObject({ kind: 'personal', register_step: 1 });
    const pw = await call(t.app, 'POST', 'app/user/login/phonePassword', {
      body: { phone: phone.national, password: 'Str0ng-pass' },
    });
    expect(pw.code).toBe(1000);
    const done = await step2('personal', res.data.token, {
      nickname: '小明 Ming',
      email: 'Ming@Example.com',
      emailCode: await emailCode('ming@example.com'),
    });
    expect(done).toMatchObject({ code: 1000, data: { registerStep: 2 } });
    expect(await userByPhone(phone.e164)).toMatchObject({
      nickname: '小明 Ming',
      email: 'ming@example.com',
      register_step: 2,
    });
    const twice = await step2('personal', res.data.token, { nickname: 'again' });
    expect(twice).toMatchObject({
      code: 2018,
      message: 'This registration step is not available for your account',
    });
  });

  it('stores a step 2 e-mail only with its code, so nobody can claim an address that blocks its owner', async () => {
    const owner = await registered('personal');
    const ownerEmail = 'owner-mail@example.com';
    const squatter = await registered('personal');
    const noCode = await step2('personal', squatter.res.data.token, { nickname: 'squat', email: ownerEmail });
    expect(noCode).toMatchObject({
      code: 1001,
      message: 'E-mail code: is required',
      data: { field: 'emailCode' },
    });
    const guessed = await step2('personal', squatter.res.data.token, {
      nickname: 'squat',
      email: ownerEmail,
      emailCode: '123456',
    });
    expect(guessed.code).toBe(2003);
    expect((await userByPhone(squatter.phone.e164))!.email).toBeNull();
    expect((await userByPhone(squatter.phone.e164))!.register_step).toBe(1);
    // the owner proves the address and logs in with it
    const done = await step2('personal', owner.res.data.token, {
      nickname: 'owner',
      email: ownerEmail,
      emailCode: await emailCode(ownerEmail),
    });
    expect(done.code).toBe(1000);
    const login = await call(t.app, 'POST', 'app/user/login/password', {
      body: { account: ownerEmail, password: 'Str0ng-pass' },
    });
    expect(login.code).toBe(1000);
  });

  it('checks the step 2 nickname: required, at most 16 characters counting CJK as one', async () => {
    const { res } = await registered('personal');
    const long = await step2(
      'personal',
      res.data.token,
      { nickname: '一二三四五六七八九十一二三四五六七' },
      'zh-Hans',
    );
    expect(long).toMatchObject({ code: 1001, message: '昵称最多 16 个字' });
    const empty = await step2('personal', res.data.token, { nickname: '  ' });
    expect(empty).toMatchObject({ code: 1001, message: 'Nickname: is required' });
    const sixteen = await step2('personal', res.data.token, { nickname: '一二三四五六七八九十一二三四五六' });
    expect(sixteen.code).toBe(1000);
  });

  it('needs a login for step 2', async () => {
    const res = await call(t.app, 'POST', 'app/user/account/personal/registerStep2', {
      body: { nickname: 'x' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a taken phone, a short password and a login code', async () => {
    const { phone } = await registered('personal');
    await ageCodes(t, phone.e164, 61_000);
    const { code } = await requestSmsCode(t, phone.national, 'register');
    const taken = await call(t.app, 'POST', 'app/user/account/register', {
      body: {
        phone: phone.national,
        smsCode: code,
        password: 'Str0ng-pass',
        kind: 'company',
        agreement: true,
      },
    });
    expect(taken).toMatchObject({ code: 2016, message: 'This mobile number is already registered' });

    const fresh = newPhone();
    const short = await call(t.app, 'POST', 'app/user/account/register', {
      body: {
        phone: fresh.national,
        smsCode: '123456',
        password: 'short',
        kind: 'personal',
        agreement: true,
      },
      language: 'zh-Hans',
    });
    expect(short).toMatchObject({ code: 1001, message: '密码至少 8 个字符' });
    const shortEn = await call(t.app, 'POST', 'app/user/account/register', {
      body: {
        phone: fresh.national,
        smsCode: '123456',
        password: 'short',
        kind: 'personal',
        agreement: true,
      },
    });
    expect(shortEn).toMatchObject({ code: 1001, message: 'Password: must be at least 8 characters' });

    const loginCode = (await requestSmsCode(t, fresh.national, 'login')).code;
    const wrongPurpose = await call(t.app, 'POST', 'app/user/account/register', {
      body: {
        phone: fresh.national,
        smsCode: loginCode,
        password: 'Str0ng-pass',
        kind: 'personal',
        agreement: true,
      },
    });
    expect(wrongPurpose.code).toBe(2003);
    expect(await userByPhone(fresh.e164)).toBeUndefined();
  });

  it('registers a company and completes step 2 with a valid UBN and an e-mail code', async () => {
    const { phone, res } = await registered('company');
    expect(res.data.registerStep).toBe(1);
    const body = {
      companyName: 'Taipei Telecom Ltd.',
      ubn: '04595257',
      contactName: 'Chen',
      email: 'billing@ttl.example',
    };
    const wrongPersonal = await step2('personal', res.data.token, { nickname: 'x' });
    expect(wrongPersonal.code).toBe(2018);
    const code = await emailCode(body.email);
    const done = await step2('company', res.data.token, { ...body, emailCode: code });
    expect(done).toMatchObject({ code: 1000, data: { registerStep: 2 } });
    const user = await userByPhone(phone.e164);
    expect(user).toMatchObject({ register_step: 2, email: 'billing@ttl.example' });
    const profile = await t.ctx.db
      .selectFrom('company_profile')
      .selectAll()
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      company_name: 'Taipei Telecom Ltd.',
      ubn: '04595257',
      contact_name: 'Chen',
    });
  });

  it('accepts another valid UBN (22099131) and refuses an invalid one without spending the e-mail code', async () => {
    const { res } = await registered('company');
    const body = { companyName: 'Kaohsiung Data', contactName: 'Lin', email: 'lin@kd.example' };
    const code = await emailCode(body.email);
    const bad = await step2(
      'company',
      res.data.token,
      { ...body, ubn: '22099132', emailCode: code },
      'zh-Hans',
    );
    expect(bad).toMatchObject({ code: 2019, message: '统一编号不正确' });
    const badShape = await step2('company', res.data.token, { ...body, ubn: '2209913', emailCode: code });
    expect(badShape).toMatchObject({ code: 1001, message: 'Unified business number: has an invalid format' });
    const wrongCode = await step2('company', res.data.token, {
      ...body,
      ubn: '22099131',
      emailCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.code).toBe(2003);
    const ok = await step2('company', res.data.token, { ...body, ubn: '22099131', emailCode: code });
    expect(ok.code).toBe(1000);
    const again = await step2('company', res.data.token, { ...body, ubn: '22099131', emailCode: code });
    expect(again.code).toBe(2018);
  });

  it('refuses company step 2 for a personal account', async () => {
    const { res } = await registered('personal');
    const out = await step2('company', res.data.token, {
      companyName: 'Nope Co',
      ubn: '04595257',
      contactName: 'X',
      email: 'x@nope.example',
      emailCode: '123456',
    });
    expect(out.code).toBe(2018);
  });
});
