import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, defined, PRODUCTION_ENV, type TestApp } from '../../test/harness';
import { AppError } from '../../platform/errors';
import { migrate, openDb } from '../../platform/db';
import { buildApp } from '../../app';
import { consumeCode, sendCode } from './code.service';
import { ageCodes, lastOutboxMessage, newPhone, requestSmsCode, solveCaptcha } from './code.fixtures';
import type { Config } from '../../config';
import type { SmsSender } from '../../providers/sms/sms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.codeName;
    throw e;
  }
  return 'no error';
};

/** This app's settings as production would have them: Twilio for SMS (never reached here). */
const productionConfig = (): Config => ({
  ...t.config,
  mode: 'production',
  demo: false,
  captchaTestMode: true,
  sms: {
    provider: 'twilio',
    accountSid: 'AC0000',
    authToken: 'token',
    from: '+15005550006',
    apiBase: 'http://127.0.0.1:9',
  },
});

/** A production app (fresh database, either engine) whose SMS gateway is `sms`. */
const productionApp = (sms: SmsSender) =>
  createTestApp({ env: PRODUCTION_ENV, seed: false, providers: { sms } });

describe('sending SMS codes', () => {
  it('sends a 6-digit code to the outbox in the caller language and stores only a hash', async () => {
    const phone = newPhone();
    const { res, code } = await requestSmsCode(t, phone.national, 'login', { language: 'zh-Hans' });
    expect(res.code).toBe(1000);
    expect(res.data).toEqual({ target: phone.e164, resendAfter: 60 });
    expect(code).toMatch(/^\d{6}$/);
    const msg = await lastOutboxMessage(t.app, phone.e164);
    expect(msg.body).toContain(`验证码为 ${code}`);
    const stored = await t.ctx.db
      .selectFrom('verify_code')
      .select(['code_hash', 'target'])
      .where('target', '=', phone.e164)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(code);
  });

  it('writes the message in English for an English caller, and smsCode in app/user/account works too', async () => {
    const phone = newPhone();
    const res = await call(t.app, 'POST', 'app/user/account/smsCode', {
      body: { phone: phone.national, ...(await solveCaptcha(t)) },
      language: 'en',
    });
    expect(res.code).toBe(1000);
    const msg = await lastOutboxMessage(t.app, phone.national);
    expect(msg.body).toMatch(/^\[SimShop\] Your verification code is \d{6}\./);
  });

  it('refuses a send without a captcha, with a wrong answer, or with a captcha already used', async () => {
    const phone = newPhone();
    const missing = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: phone.national },
    });
    expect(missing.code).toBe(1001);
    expect(missing.message).toBe('Captcha: is required');

    const c = await solveCaptcha(t);
    const wrong = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: phone.national, captchaId: c.captchaId, captchaAnswer: c.captchaAnswer + 40 },
    });
    expect(wrong.code).toBe(2002);
    expect(wrong.message).toBe('Captcha verification failed, please try again');

    const good = await solveCaptcha(t);
    const first = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: phone.national, ...good },
    });
    expect(first.code).toBe(1000);
    await ageCodes(t, phone.e164, 61_000);
    const replay = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: phone.national, ...good },
    });
    expect(replay.code).toBe(2002);
    const sent = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', phone.e164)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('answers a bad number and a number without country code in the caller language', async () => {
    const bad = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: '12345', ...(await solveCaptcha(t)) },
      language: 'en',
    });
    expect(bad).toMatchObject({ code: 2008, message: 'Invalid mobile number format' });
    const badZh = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: 'abc', ...(await solveCaptcha(t)) },
      language: 'zh-Hans',
    });
    expect(badZh).toMatchObject({ code: 2008, message: '手机号格式不正确' });
    const cn = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: '13812345678', ...(await solveCaptcha(t)) },
      language: 'en',
    });
    expect(cn).toMatchObject({ code: 2009, message: 'International numbers must include the country code' });
    const cnZh = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: '13812345678', ...(await solveCaptcha(t)) },
      language: 'zh-Hans',
    });
    expect(cnZh).toMatchObject({ code: 2009, message: '国际号码需包含国家区号' });
    const empty = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
      body: { phone: ' ', ...(await solveCaptcha(t)) },
      language: 'zh-Hans',
    });
    expect(empty).toMatchObject({ code: 1001, message: '手机号不能为空' });
  });

  it('allows one send per number per 60 s and says how long to wait', async () => {
    const phone = newPhone();
    expect((await requestSmsCode(t, phone.national)).res.code).toBe(1000);
    const again = (await requestSmsCode(t, phone.national)).res;
    expect(again.code).toBe(2006);
    expect(again.message).toMatch(/^Please wait (60|59)s before requesting another code$/);
    await ageCodes(t, phone.e164, 45_000);
    const zh = (await requestSmsCode(t, phone.national, 'login', { language: 'zh-Hans' })).res;
    expect(zh.message).toMatch(/^请 1[45] 秒后再获取验证码$/);
    await ageCodes(t, phone.e164, 16_000);
    expect((await requestSmsCode(t, phone.national)).res.code).toBe(1000);
  });

  it('stops at 10 codes per number a day', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i += 1) {
      expect((await requestSmsCode(t, phone.national)).res.code).toBe(1000);
      await ageCodes(t, phone.e164, 61_000);
    }
    const eleventh = (await requestSmsCode(t, phone.national)).res;
    expect(eleventh).toMatchObject({
      code: 2007,
      message: 'Daily limit of verification codes reached, please try tomorrow',
    });
    await ageCodes(t, phone.e164, 24 * 60 * 60_000);
    expect((await requestSmsCode(t, phone.national)).res.code).toBe(1000);
  });
});

describe('code limits hurt the sender more than the owner', () => {
  it("a stranger who asks for a number's codes uses up his own cap, not its owner's", async () => {
    const phone = newPhone();
    const stranger = { ip: '10.66.0.1' };
    for (let i = 0; i < 10; i += 1) {
      expect((await requestSmsCode(t, phone.national, 'login', stranger)).res.code).toBe(1000);
      await ageCodes(t, phone.e164, 61_000);
    }
    expect((await requestSmsCode(t, phone.national, 'login', stranger)).res.code).toBe(2007);
    const owner = await requestSmsCode(t, phone.national, 'login', { ip: '10.77.0.1' });
    expect(owner.res.code).toBe(1000);
    // a stranger's later request does not void the code the owner is typing
    const late = await requestSmsCode(t, phone.national, 'login', { ip: '10.66.0.2' });
    expect(late.res.code).toBe(1000);
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: phone.e164, purpose: 'login', code: owner.code! }),
    ).resolves.toBeUndefined();
  });

  it('does not make the owner wait for the resend interval of a code someone else asked for', async () => {
    const phone = newPhone();
    expect((await requestSmsCode(t, phone.national, 'login', { ip: '10.66.1.1' })).res.code).toBe(1000);
    expect((await requestSmsCode(t, phone.national, 'login', { ip: '10.77.1.1' })).res.code).toBe(1000);
    expect((await requestSmsCode(t, phone.national, 'login', { ip: '10.66.1.1' })).res.code).toBe(2006);
  });

  it('caps a number at 20 codes an hour from all clients and tells the owner the minutes to wait', async () => {
    const phone = newPhone();
    for (let i = 0; i < 20; i += 1)
      expect((await requestSmsCode(t, phone.national, 'login', { ip: `10.88.0.${i + 1}` })).res.code).toBe(
        1000,
      );
    const owner = await requestSmsCode(t, phone.national, 'login', { ip: '10.99.0.1' });
    expect(owner.res).toMatchObject({
      code: 2032,
      message: 'Too many codes were requested for this number, please try again in 60 min',
    });
    await ageCodes(t, phone.e164, 45 * 60_000);
    const zh = await requestSmsCode(t, phone.national, 'login', { ip: '10.99.0.1', language: 'zh-Hans' });
    expect(zh.res.message).toBe('该号码获取验证码过于频繁，请 15 分钟后再试');
    await ageCodes(t, phone.e164, 15 * 60_000);
    expect((await requestSmsCode(t, phone.national, 'login', { ip: '10.99.0.1' })).res.code).toBe(1000);
  });
});

describe('e-mail codes', () => {
  it('sends a code by e-mail with a subject, readable in the outbox JSON', async () => {
    const res = await call(t.app, 'POST', 'app/user/account/sendEmailCode', {
      body: { email: 'Buyer@Example.com', ...(await solveCaptcha(t)) },
      language: 'fr',
    });
    expect(res.code).toBe(1000);
    expect(res.data.target).toBe('buyer@example.com');
    const msg = await lastOutboxMessage(t.app, 'buyer@example.com');
    expect(msg.subject).toBe('Code de vérification SimShop');
    expect(msg.code).toMatch(/^\d{6}$/);
    expect(msg.body).toContain(msg.code);
  });
  it('refuses a malformed address', async () => {
    const res = await call(t.app, 'POST', 'app/user/comm/sendEmailCode', {
      body: { email: 'not-an-email', ...(await solveCaptcha(t)) },
    });
    expect(res).toMatchObject({ code: 1001, message: 'E-mail: has an invalid format' });
  });
});

describe('consuming codes', () => {
  const send = (target: string, purpose: 'login' | 'password' = 'login') =>
    sendCode(t.ctx, { channel: 'sms', target, purpose, ip: '10.1.1.1', locale: 'en' });
  const codeIn = async (target: string) => (await lastOutboxMessage(t.app, target)).code!;

  it('accepts the right code once', async () => {
    const { e164 } = newPhone();
    await send(e164);
    const code = await codeIn(e164);
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code }),
    ).resolves.toBeUndefined();
    expect(await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code }))).toBe(
      'CODE_INVALID',
    );
  });

  it('refuses a code sent for another purpose', async () => {
    const { e164 } = newPhone();
    await send(e164, 'password');
    const code = await codeIn(e164);
    expect(await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code }))).toBe(
      'CODE_INVALID',
    );
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'password', code }),
    ).resolves.toBeUndefined();
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const { e164 } = newPhone();
    await send(e164);
    const code = await codeIn(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const results: string[] = [];
    for (let i = 0; i < 5; i += 1)
      results.push(
        await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code: wrong })),
      );
    expect(results).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_ATTEMPTS_EXCEEDED',
    ]);
    expect(await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code }))).toBe(
      'CODE_ATTEMPTS_EXCEEDED',
    );
  });

  it('refuses an expired code', async () => {
    const { e164 } = newPhone();
    await send(e164);
    const code = await codeIn(e164);
    await ageCodes(t, e164, 5 * 60_000 + 1);
    expect(await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code }))).toBe(
      'CODE_EXPIRED',
    );
  });

  it('replaces an older code with a newer one', async () => {
    const { e164 } = newPhone();
    await send(e164);
    const first = await codeIn(e164);
    await ageCodes(t, e164, 61_000);
    await send(e164);
    const second = await codeIn(e164);
    if (first !== second)
      expect(
        await errorOf(consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code: first })),
      ).toBe('CODE_INVALID');
    await expect(
      consumeCode(t.ctx, { channel: 'sms', target: e164, purpose: 'login', code: second }),
    ).resolves.toBeUndefined();
  });
});

describe('demo outbox', () => {
  it('lists messages newest first and filters by recipient in any typed form', async () => {
    const a = newPhone();
    const b = newPhone();
    await requestSmsCode(t, a.national);
    await requestSmsCode(t, b.national);
    const all = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json().list;
    expect(all[0].recipient).toBe(b.e164);
    expect(all[1].recipient).toBe(a.e164);
    const onlyA = (
      await t.app.inject({ method: 'GET', url: '/dev/outbox.json', query: { to: a.national } })
    ).json().list;
    expect(onlyA.map((m: { recipient: string }) => m.recipient)).toEqual([a.e164]);
    expect(onlyA[0]).toMatchObject({ channel: 'sms', subject: null, code: expect.stringMatching(/^\d{6}$/) });
  });

  it('shows the codes on a small page that refreshes itself and escapes what it shows', async () => {
    await t.ctx.db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'x@example.com',
        subject: '<script>alert(1)</script>',
        body: 'code 654321',
        created_at: Date.now(),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta http-equiv="refresh"');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('654321');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('does not exist in production mode', async () => {
    const dbh = openDb({ sqliteFile: ':memory:' });
    await migrate(dbh);
    const { app } = await buildApp(productionConfig(), dbh);
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await dbh.close();
    }
  });
});

describe('codes in production', () => {
  it('sends SMS codes through the gateway, keeps no code in plain text and writes no outbox', async () => {
    const sent: { to: string; text: string }[] = [];
    const p = await productionApp({ send: async (to, text) => void sent.push({ to, text }) });
    try {
      const phone = newPhone();
      const res = await call(p.app, 'POST', 'app/user/comm/sendSmsCode', {
        body: { phone: phone.national, ...(await solveCaptcha(p)) },
      });
      expect(res.code).toBe(1000);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe(phone.e164);
      const code = defined(/\d{6}/.exec(defined(sent[0], 'the SMS').text)?.[0], 'a code in the SMS');
      expect(await p.ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
      const rows = await p.ctx.db.selectFrom('verify_code').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
    } finally {
      await p.close();
    }
  });

  it('answers a gateway failure with a clear message, not a server error', async () => {
    const p = await productionApp({
      send: async () => {
        throw new Error('gateway down');
      },
    });
    try {
      const res = await call(p.app, 'POST', 'app/user/comm/sendSmsCode', {
        body: { phone: newPhone().national, ...(await solveCaptcha(p)) },
        language: 'fr',
      });
      expect(res).toMatchObject({
        status: 200,
        code: 2033,
        message: "Le code n'a pas pu être envoyé pour le moment, réessayez plus tard",
      });
    } finally {
      await p.close();
    }
  });

  it('refuses to build production without an SMS gateway rather than fall back to the outbox', async () => {
    const dbh = openDb({ sqliteFile: ':memory:' });
    try {
      await expect(buildApp({ ...productionConfig(), sms: { provider: 'outbox' } }, dbh)).rejects.toThrow(
        /SMS gateway/,
      );
    } finally {
      await dbh.close();
    }
  });

  it('forgets codes and demo messages older than a day when the next code is sent', async () => {
    const old = Date.now() - 25 * 60 * 60_000;
    const target = newPhone();
    await t.ctx.db
      .insertInto('verify_code')
      .values({
        channel: 'sms',
        target: target.e164,
        purpose: 'login',
        code_hash: 'x'.repeat(64),
        attempts: 0,
        expires_at: old + 300_000,
        used_at: null,
        ip: '10.9.9.9',
        created_at: old,
      })
      .execute();
    await t.ctx.db
      .insertInto('outbox')
      .values({ channel: 'sms', recipient: target.e164, subject: null, body: 'code 123456', created_at: old })
      .execute();
    expect((await requestSmsCode(t, newPhone().national)).res.code).toBe(1000);
    const codes = await t.ctx.db
      .selectFrom('verify_code')
      .select('id')
      .where('target', '=', target.e164)
      .execute();
    const messages = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', target.e164)
      .execute();
    expect(codes).toEqual([]);
    expect(messages).toEqual([]);
  });
});
