import fs from 'node:fs';
import { hashPassword } from '../../platform/password';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { decryptField } from '../../platform/crypto';
import { newPhone } from '../code/code.fixtures';
import { codeFor as smsCodeFor, wrongCode } from './user-info.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const person = (token: string) => call(t.app, 'GET', 'app/user/info/person', { token });
const updatePerson = (token: string, body: unknown, language = 'en') =>
  call(t.app, 'POST', 'app/user/info/updatePerson', { token, body, language });

let uploadSeq = 0;
/** Records an upload as the upload call would, and returns the URL the app got back for it. */
async function uploadOf(userId: number, ownerKind: 'user' | 'admin' = 'user', ext: 'png' | 'pdf' = 'png') {
  uploadSeq += 1;
  const key = `2025-01/avatar${String(userId).padStart(6, '0')}x${String(uploadSeq).padStart(6, '0')}.${ext}`;
  await t.ctx.db
    .insertInto('upload')
    .values({
      owner_kind: ownerKind,
      owner_id: userId,
      file_key: key,
      mime: ext === 'pdf' ? 'application/pdf' : 'image/png',
      size: 1234,
      created_at: Date.now(),
    })
    .execute();
  return `/uploads/${key}`;
}

const codeFor = (phone: string, purpose: string) => smsCodeFor(t, phone, purpose);

describe('GET /person', () => {
  it('answers the owner with their own profile', async () => {
    const u = await createUser(t.ctx, { nickname: '小明' });
    const res = await person(u.token);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({
      phone: u.phone,
      nickname: '小明',
      kind: 'personal',
      registerStep: 2,
      orderReceiving: 0,
      messageNotify: 1,
      hasPassword: false,
      wechatBound: false,
      realNameStatus: 'none',
      company: null,
    });
    expect(res.data.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('includes the company profile of a company account', async () => {
    const u = await createUser(t.ctx, { kind: 'company' });
    await t.ctx.db
      .insertInto('company_profile')
      .values({
        user_id: u.id,
        company_name: 'SimShop Ltd',
        ubn: '04595257',
        contact_name: 'Lin',
        email: 'ops@example.com',
        verified_at: Date.now(),
      })
      .execute();
    const res = await person(u.token);
    expect(res.data.company).toEqual({
      companyName: 'SimShop Ltd',
      ubn: '04595257',
      contactName: 'Lin',
      email: 'ops@example.com',
    });
  });

  it('is 401 without a token or with a made-up one', async () => {
    expect((await call(t.app, 'GET', 'app/user/info/person')).status).toBe(401);
    expect((await person('not-a-token')).status).toBe(401);
  });

  it('is 401 for a disabled account', async () => {
    const u = await createUser(t.ctx, { status: 0 });
    expect((await person(u.token)).status).toBe(401);
  });
});

describe('POST /updatePerson', () => {
  it('saves nickname, switches and language, and the profile shows them', async () => {
    const u = await createUser(t.ctx);
    const res = await updatePerson(u.token, {
      nickname: '  旅行者Ada ',
      orderReceiving: 1,
      messageNotify: 0,
      language: 'fr',
    });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({
      nickname: '旅行者Ada',
      orderReceiving: 1,
      messageNotify: 0,
      language: 'fr',
    });
    expect((await person(u.token)).data).toMatchObject({ nickname: '旅行者Ada', language: 'fr' });
  });

  it('counts each CJK character as one: 16 are accepted, 17 are refused', async () => {
    const u = await createUser(t.ctx);
    expect((await updatePerson(u.token, { nickname: '一二三四五六七八九十一二三四五六' })).code).toBe(1000);
    const res = await updatePerson(u.token, { nickname: '一二三四五六七八九十一二三四五六七' });
    expect(res.code).toBe(1001);
    expect(res.data).toEqual({ field: 'nickname' });
    expect(res.message).toBe('Nickname: must be at most 16 characters');
    expect((await person(u.token)).data.nickname).toBe('一二三四五六七八九十一二三四五六');
  });

  it('refuses a blank nickname when one is sent, in the caller language', async () => {
    const u = await createUser(t.ctx);
    const res = await updatePerson(u.token, { nickname: '   ' }, 'zh-Hans');
    expect(res.code).toBe(1001);
    expect(res.message).toBe('昵称不能为空');
  });

  it('refuses a switch value other than 0 or 1 and a language it does not speak', async () => {
    const u = await createUser(t.ctx);
    expect((await updatePerson(u.token, { orderReceiving: 2 })).data).toEqual({ field: 'orderReceiving' });
    expect((await updatePerson(u.token, { language: 'de' })).data).toEqual({ field: 'language' });
  });

  it('ignores every other field of the body: status, id, phone, kind', async () => {
    const u = await createUser(t.ctx);
    const before = (await person(u.token)).data;
    const res = await updatePerson(u.token, {
      nickname: 'still me',
      status: 0,
      id: 'X',
      phone: '+886912000001',
      kind: 'company',
      registerStep: 1,
    });
    expect(res.code).toBe(1000);
    const after = (await person(u.token)).data;
    expect(after).toMatchObject({ id: before.id, phone: before.phone, kind: 'personal', registerStep: 2 });
    expect(after.nickname).toBe('still me');
    const row = await t.ctx.db.selectFrom('user').select('status').where('id', '=', u.id).executeTakeFirst();
    expect(row?.status).toBe(1);
  });

  it('sets an avatar the user uploaded, given relative or on the public address', async () => {
    const u = await createUser(t.ctx);
    const url = await uploadOf(u.id);
    expect((await updatePerson(u.token, { avatarUrl: url })).data.avatarUrl).toBe(url);
    const second = await uploadOf(u.id);
    const res = await updatePerson(u.token, { avatarUrl: `${t.config.publicUrl}${second}` });
    expect(res.data.avatarUrl).toBe(second);
  });

  it('takes an avatar uploaded through the upload call', async () => {
    const u = await createUser(t.ctx);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'avatarboundary0123';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/app/base/comm/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: u.token },
    });
    const { url } = up.json().data as { url: string };
    const res = await updatePerson(u.token, { avatarUrl: url });
    expect(res.code).toBe(1000);
    expect(res.data.avatarUrl).toBe(url);
  });

  it("refuses another user's upload, an operator's upload, a PDF, a missing file and a foreign URL", async () => {
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    const own = await uploadOf(a.id);
    await updatePerson(a.token, { avatarUrl: own });
    for (const avatarUrl of [
      await uploadOf(b.id),
      await uploadOf(a.id, 'admin'),
      await uploadOf(a.id, 'user', 'pdf'),
      '/uploads/2025-01/neverUploadedAtAll0.png',
      'https://evil.example/a.png',
      '/uploads/../simshop.db',
    ]) {
      const res = await updatePerson(a.token, { avatarUrl });
      expect(res.code).toBe(1001);
      expect(res.data).toEqual({ field: 'avatarUrl' });
      expect(res.message).toBe('Avatar: must be a picture you uploaded');
    }
    expect((await person(a.token)).data.avatarUrl).toBe(own);
  });

  it("changes only the caller's account", async () => {
    const a = await createUser(t.ctx, { nickname: 'alice' });
    const b = await createUser(t.ctx, { nickname: 'bob' });
    await updatePerson(a.token, { nickname: 'alice2' });
    expect((await person(a.token)).data.nickname).toBe('alice2');
    expect((await person(b.token)).data.nickname).toBe('bob');
  });
});

describe('POST /updatePassword', () => {
  it('sets a password confirmed by a code to the own phone, ending the other sessions only', async () => {
    const u = await createUser(t.ctx);
    const other = await t.ctx.tokens.issue('app', u.id);
    const code = await codeFor(u.phone, 'password');
    const res = await call(t.app, 'POST', 'app/user/info/updatePassword', {
      token: u.token,
      body: { password: 'n3w-Passw0rd', smsCode: code },
    });
    expect(res.code).toBe(1000);
    expect((await person(u.token)).data.hasPassword).toBe(true);
    expect((await person(other.token)).status).toBe(401);
    const login = await call(t.app, 'POST', 'app/user/login/phonePassword', {
      body: { phone: u.phone, password: 'n3w-Passw0rd' },
    });
    expect(login.code).toBe(1000);
  });

  it('refuses a wrong code and a code sent for another purpose, leaving the password unset', async () => {
    const u = await createUser(t.ctx);
    const code = await codeFor(u.phone, 'password');
    const wrong = await call(t.app, 'POST', 'app/user/info/updatePassword', {
      token: u.token,
      body: { password: 'n3w-Passw0rd', smsCode: wrongCode(code) },
    });
    expect(wrong.code).toBe(2003);
    const loginCode = await codeFor(u.phone, 'login');
    const misused = await call(t.app, 'POST', 'app/user/info/updatePassword', {
      token: u.token,
      body: { password: 'n3w-Passw0rd', smsCode: loginCode },
    });
    expect(misused.code).toBe(2003);
    expect((await person(u.token)).data.hasPassword).toBe(false);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const u = await createUser(t.ctx);
    const res = await call(t.app, 'POST', 'app/user/info/updatePassword', {
      token: u.token,
      body: { password: 'short', smsCode: '123456' },
    });
    expect(res.code).toBe(1001);
    expect(res.data).toEqual({ field: 'password' });
  });

  it('asks an account without a phone to bind one first', async () => {
    const u = await createUser(t.ctx);
    await t.ctx.db.updateTable('user').set({ phone: null }).where('id', '=', u.id).execute();
    const res = await call(t.app, 'POST', 'app/user/info/updatePassword', {
      token: u.token,
      body: { password: 'n3w-Passw0rd', smsCode: '123456' },
    });
    expect(res.code).toBe(2029);
    expect(res.message).toBe('Please bind a mobile number first');
  });
});

describe('POST /bindPhone', () => {
  it('moves the account to a new number confirmed by a code sent to that number', async () => {
    const u = await createUser(t.ctx);
    const next = newPhone();
    const code = await codeFor(next.national, 'bindPhone');
    const oldSmsCode = await codeFor(u.phone, 'bindPhone');
    const res = await call(t.app, 'POST', 'app/user/info/bindPhone', {
      token: u.token,
      body: { phone: next.national, smsCode: code, oldSmsCode },
    });
    expect(res.code).toBe(1000);
    expect(res.data.phone).toBe(next.e164);
    expect((await person(u.token)).data.phone).toBe(next.e164);
  });

  it('refuses a code that went to the old number', async () => {
    const u = await createUser(t.ctx);
    const next = newPhone();
    const code = await codeFor(u.phone, 'bindPhone');
    // the owner, proving it with the password, types the code that went to the old number
    await t.ctx.db
      .updateTable('user')
      .set({ password_hash: await hashPassword('n3w-Passw0rd') })
      .where('id', '=', u.id)
      .execute();
    const res = await call(t.app, 'POST', 'app/user/info/bindPhone', {
      token: u.token,
      body: { phone: next.national, smsCode: code, password: 'n3w-Passw0rd' },
    });
    expect(res.code).toBe(2003);
    expect((await person(u.token)).data.phone).toBe(u.phone);
  });

  it("refuses another account's number even with a valid code", async () => {
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    const code = await codeFor(b.phone, 'bindPhone');
    const res = await call(t.app, 'POST', 'app/user/info/bindPhone', {
      token: a.token,
      body: { phone: b.phone, smsCode: code },
    });
    expect(res.code).toBe(2016);
    expect((await person(a.token)).data.phone).toBe(a.phone);
    expect((await person(b.token)).data.phone).toBe(b.phone);
  });

  it('refuses a malformed number and a foreign one without its country code', async () => {
    const u = await createUser(t.ctx);
    const bad = await call(t.app, 'POST', 'app/user/info/bindPhone', {
      token: u.token,
      body: { phone: '12ab', smsCode: '123456' },
    });
    expect(bad.code).toBe(2008);
    const foreign = await call(t.app, 'POST', 'app/user/info/bindPhone', {
      token: u.token,
      body: { phone: '13812345678', smsCode: '123456' },
    });
    expect(foreign.code).toBe(2009);
  });
});

describe('POST /bindPhone needs more than a session', () => {
  const withPassword = async (id: number) =>
    t.ctx.db
      .updateTable('user')
      .set({ password_hash: await hashPassword('n3w-Passw0rd') })
      .where('id', '=', id)
      .execute();
  const bind = (token: string, body: Record<string, unknown>, language = 'en') =>
    call(t.app, 'POST', 'app/user/info/bindPhone', { token, body, language });

  it('refuses a stolen session that holds only a code for the new number', async () => {
    const u = await createUser(t.ctx);
    const thiefPhone = newPhone();
    const res = await bind(
      u.token,
      { phone: thiefPhone.national, smsCode: await codeFor(thiefPhone.national, 'bindPhone') },
      'zh-Hans',
    );
    expect(res).toMatchObject({ code: 2035, message: '请用发送到当前手机号的验证码或登录密码确认更换' });
    expect((await person(u.token)).data.phone).toBe(u.phone);
  });

  it('takes the password as proof, refuses a wrong one, and stops answering after 3 wrong ones', async () => {
    const u = await createUser(t.ctx);
    await withPassword(u.id);
    const next = newPhone();
    const code = await codeFor(next.national, 'bindPhone');
    expect((await bind(u.token, { phone: next.national, smsCode: code, password: 'guess-1' })).code).toBe(
      2010,
    );
    const ok = await bind(u.token, { phone: next.national, smsCode: code, password: 'n3w-Passw0rd' });
    expect(ok.code).toBe(1000);
    expect(ok.data.phone).toBe(next.e164);
    const other = newPhone();
    const otherCode = await codeFor(other.national, 'bindPhone');
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        bind(u.token, { phone: other.national, smsCode: otherCode, password: `guess-${i}` }),
      ),
    );
    expect(guesses.filter((g) => g.code === 2010)).toHaveLength(3);
    expect(guesses.filter((g) => g.code === 2035)).toHaveLength(3);
  });

  it('ends every other session of the account when the number changes', async () => {
    const u = await createUser(t.ctx);
    const stolen = await t.ctx.tokens.issue('app', u.id);
    const next = newPhone();
    const res = await bind(u.token, {
      phone: next.national,
      smsCode: await codeFor(next.national, 'bindPhone'),
      oldSmsCode: await codeFor(u.phone, 'bindPhone'),
    });
    expect(res.code).toBe(1000);
    expect((await person(stolen.token)).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', 'app/user/login/refreshToken', {
          body: { refreshToken: stolen.refreshToken },
        })
      ).code,
    ).toBe(2013);
    expect((await person(u.token)).data.phone).toBe(next.e164);
  });

  it('lets an account with neither a number nor a password bind one with the code alone', async () => {
    const u = await createUser(t.ctx);
    await t.ctx.db.updateTable('user').set({ phone: null }).where('id', '=', u.id).execute();
    const next = newPhone();
    const res = await bind(u.token, {
      phone: next.national,
      smsCode: await codeFor(next.national, 'bindPhone'),
    });
    expect(res.code).toBe(1000);
  });
});

describe('real-name verification', () => {
  const submit = (token: string, body: unknown, language = 'en') =>
    call(t.app, 'POST', 'app/user/info/realName', { token, body, language });

  it('reports no submission at first', async () => {
    const u = await createUser(t.ctx);
    const res = await call(t.app, 'GET', 'app/user/info/realName', { token: u.token });
    expect(res.data).toEqual({ status: 'none', legalName: null, idType: null, idNumber: null, reason: null });
  });

  it('accepts a Taiwan ID, answers masked, and stores nothing readable', async () => {
    const u = await createUser(t.ctx);
    const res = await submit(u.token, { legalName: '王小明', idType: 'TW_ID', idNumber: 'a123456789' });
    expect(res.code).toBe(1000);
    expect(res.data).toEqual({
      status: 'pending',
      legalName: '王*明',
      idType: 'TW_ID',
      idNumber: 'A12****789',
      reason: null,
    });
    expect((await call(t.app, 'GET', 'app/user/info/realName', { token: u.token })).data.idNumber).toBe(
      'A12****789',
    );
    expect((await person(u.token)).data.realNameStatus).toBe('pending');

    const row = await t.ctx.db
      .selectFrom('real_name')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('A123456789');
    expect(stored).not.toContain('123456789');
    expect(stored).not.toContain('王小明');
    expect(row.id_number_enc).toMatch(/^v1\./);
    expect(decryptField(t.config.secret, row.id_number_enc, `real_name.id_number:${u.id}`)).toBe(
      'A123456789',
    );
  });

  it('accepts a passport number and masks it', async () => {
    const u = await createUser(t.ctx);
    const res = await submit(u.token, {
      legalName: 'Ada Lovelace',
      idType: 'PASSPORT',
      idNumber: 'x1234567',
    });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ legalName: 'A**********e', idNumber: 'X*****67' });
  });

  it('refuses a Taiwan ID with a wrong check digit or shape, and a malformed passport', async () => {
    const u = await createUser(t.ctx);
    for (const [idType, idNumber] of [
      ['TW_ID', 'A123456788'],
      ['TW_ID', 'A323456789'],
      ['TW_ID', '1234567890'],
      ['PASSPORT', 'AB-12#45'],
      ['PASSPORT', 'ABCDEFGHIJ'],
    ]) {
      const res = await submit(u.token, { legalName: '王小明', idType, idNumber }, 'zh-Hant');
      expect(res.code).toBe(2027);
      expect(res.message).toBe('證件號碼不正確');
    }
    expect((await call(t.app, 'GET', 'app/user/info/realName', { token: u.token })).data.status).toBe('none');
  });

  it('refuses a missing name and an unknown document type', async () => {
    const u = await createUser(t.ctx);
    expect((await submit(u.token, { legalName: ' ', idType: 'TW_ID', idNumber: 'A123456789' })).data).toEqual(
      {
        field: 'legalName',
      },
    );
    expect((await submit(u.token, { legalName: 'A B', idType: 'ARC', idNumber: 'A123456789' })).data).toEqual(
      {
        field: 'idType',
      },
    );
  });

  it('lets a pending or rejected submission be replaced, but not a verified one', async () => {
    const u = await createUser(t.ctx);
    await submit(u.token, { legalName: '王小明', idType: 'TW_ID', idNumber: 'A123456789' });
    const again = await submit(u.token, { legalName: '陳大文', idType: 'TW_ID', idNumber: 'F131104093' });
    expect(again.data).toMatchObject({ status: 'pending', legalName: '陳*文', idNumber: 'F13****093' });
    await t.ctx.db
      .updateTable('real_name')
      .set({ status: 'rejected', reason: 'blurry' })
      .where('user_id', '=', u.id)
      .execute();
    const afterReject = await submit(u.token, {
      legalName: '陳大文',
      idType: 'TW_ID',
      idNumber: 'B223456782',
    });
    expect(afterReject.data).toMatchObject({ status: 'pending', reason: null });
    await t.ctx.db.updateTable('real_name').set({ status: 'verified' }).where('user_id', '=', u.id).execute();
    const refused = await submit(u.token, { legalName: '陳小文', idType: 'TW_ID', idNumber: 'A123456789' });
    expect(refused.code).toBe(2026);
    expect((await call(t.app, 'GET', 'app/user/info/realName', { token: u.token })).data).toMatchObject({
      status: 'verified',
      legalName: '陳*文',
      idNumber: 'B22****782',
    });
  });

  it("never shows one user another user's submission", async () => {
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    await submit(a.token, { legalName: '王小明', idType: 'TW_ID', idNumber: 'A123456789' });
    expect((await call(t.app, 'GET', 'app/user/info/realName', { token: b.token })).data.status).toBe('none');
    expect((await person(b.token)).data.realNameStatus).toBe('none');
  });
});
