import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { uploadOwnedBy } from '../../platform/upload';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };
function multipart(parts: Part[]) {
  const boundary = `----simshop${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.ctx);
  bob = await createUser(t.ctx);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

async function upload(parts: Part[], opts: { token?: string; url?: string; language?: string } = {}) {
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/app/base/comm/upload',
    payload,
    headers: {
      'content-type': contentType,
      language: opts.language ?? 'en',
      ...(opts.token ? { authorization: opts.token } : {}),
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: any; message: string }) };
}
const file = (data: Buffer | string, filename = 'photo.png', type = 'image/png'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});
const uploadCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('upload')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('upload mode', () => {
  it('says files are stored locally', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/uploadMode');
    expect(res.data).toEqual({ mode: 'local', type: 'local' });
  });
});

describe('upload', () => {
  it('stores a PNG and serves it back with safe headers and a long cache lifetime', async () => {
    const res = await upload([file(PNG, 'me.png')], { token: alice.token });
    expect(res.code).toBe(1000);
    expect(res.data.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[A-Za-z0-9_-]+\.png$/);
    expect(res.data).toMatchObject({ mime: 'image/png', size: PNG.length });
    expect(fs.existsSync(path.join(t.config.uploadDir, res.data.url.slice('/uploads/'.length)))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    );
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('judges by content: a JPEG named .txt is stored as a JPEG', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]);
    const res = await upload([file(jpeg, 'notes.txt', 'text/plain')], { token: alice.token });
    expect(res.code).toBe(1000);
    expect(res.data.mime).toBe('image/jpeg');
    expect(res.data.url).toMatch(/\.jpg$/);
  });

  it('serves a PDF as a download, never inline', async () => {
    const res = await upload([file(PDF, 'proof.pdf', 'application/pdf')], { token: alice.token });
    expect(res.data.mime).toBe('application/pdf');
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('refuses HTML dressed up as a PNG, and SVG, and stores nothing', async () => {
    const before = await uploadCount();
    const html = await upload([file('<html><script>alert(1)</script></html>', 'cat.png')], {
      token: alice.token,
    });
    expect(html.code).toBe(2023);
    expect(html.message).toBe('Only images (JPEG, PNG, GIF, WebP) and PDF files can be uploaded');
    const svg = await upload(
      [file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg', 'image/svg+xml')],
      { token: alice.token, language: 'zh-Hant' },
    );
    expect(svg.code).toBe(2023);
    expect(svg.message).toContain('PDF');
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - 8)]);
    const res = await upload([file(big)], { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.code).toBe(2024);
    expect(res.message).toBe('The file is too large (at most 5 MB)');
  });

  it('asks for a file when none is sent, multipart or not', async () => {
    const fieldsOnly = await upload([{ name: 'note', data: 'hello' }], { token: alice.token });
    expect(fieldsOnly.code).toBe(2025);
    const json = await call(t.app, 'POST', 'app/base/comm/upload', {
      body: { file: 'x' },
      token: alice.token,
    });
    expect(json.code).toBe(2025);
    const empty = await upload([file(Buffer.alloc(0))], { token: alice.token });
    expect(empty.code).toBe(2023);
  });

  it('takes one file per request', async () => {
    const res = await upload([file(PNG, 'a.png'), file(PNG, 'b.png')], { token: alice.token });
    expect(res.code).toBe(2030);
  });

  it('answers a malformed form with a coded error, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/base/comm/upload',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: alice.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(2025);
  });

  it('needs a logged-in user', async () => {
    const res = await upload([file(PNG)]);
    expect(res.status).toBe(401);
  });

  it('accepts operator uploads on the admin route, and only with an operator token', async () => {
    const at = Date.now();
    const admin = await t.ctx.db
      .insertInto('admin_user')
      .values({
        username: `ops${at}`,
        name: 'Ops',
        password_hash: 'x',
        role: 'catalogue',
        status: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await t.ctx.tokens.issue('admin', admin.id);
    const res = await upload([file(PNG)], { token, url: '/api/admin/base/comm/upload' });
    expect(res.code).toBe(1000);
    const row = await t.ctx.db
      .selectFrom('upload')
      .selectAll()
      .where('file_key', '=', res.data.url.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_kind: 'admin', owner_id: admin.id });
    expect(await uploadOwnedBy(t.ctx.db, res.data.url, admin.id)).toBe(false); // not a user's upload

    const asUser = await upload([file(PNG)], { token: alice.token, url: '/api/admin/base/comm/upload' });
    expect(asUser.status).toBe(401);
  });

  it("lets nobody use another user's upload as their own (uploadOwnedBy)", async () => {
    const res = await upload([file(PNG)], { token: alice.token });
    expect(await uploadOwnedBy(t.ctx.db, res.data.url, alice.id)).toBe(true);
    expect(await uploadOwnedBy(t.ctx.db, `${t.config.publicUrl}${res.data.url}`, alice.id)).toBe(true);
    expect(await uploadOwnedBy(t.ctx.db, res.data.url, bob.id)).toBe(false);
    expect(await uploadOwnedBy(t.ctx.db, 'https://evil.example/a.png', alice.id)).toBe(false);
    expect(await uploadOwnedBy(t.ctx.db, '/uploads/../secret.png', alice.id)).toBe(false);

    const stolen = await call(t.app, 'POST', 'app/user/info/updatePerson', {
      body: { avatarUrl: res.data.url },
      token: bob.token,
    });
    expect(stolen.code).toBe(1001);
    const own = await call(t.app, 'POST', 'app/user/info/updatePerson', {
      body: { avatarUrl: res.data.url },
      token: alice.token,
    });
    expect(own.code).toBe(1000);
  });

  it('serves nothing outside the upload keys', async () => {
    for (const url of [
      '/uploads/2020-01/AAAAAAAAAAAAAAAAAAAAAAAA.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(1002);
    }
  });
});

describe('param', () => {
  it('answers a seeded parameter', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/param', { query: { key: 'serviceHotline' } });
    expect(res).toMatchObject({ code: 1000, data: '0800-000-123' });
  });
  it('says not found for an unknown key', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/param', { query: { key: 'nope' }, language: 'fr' });
    expect(res).toMatchObject({ code: 1002, message: 'Introuvable' });
  });
  it('names the field when the key is missing', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/param', { language: 'es' });
    expect(res.code).toBe(1001);
    expect(res.message).toBe('Parámetro: es obligatorio');
  });
});

describe('pay list', () => {
  it('lists every pay way with names in the caller language; channels enabled only with an adapter', async () => {
    const en = await call(t.app, 'GET', 'app/base/comm/payList');
    expect(en.data.map((p: { code: string }) => p.code)).toEqual([
      'wechat',
      'alipay',
      'tappay',
      'newebpay',
      'wallet',
      'points',
      'transfer',
    ]);
    // demo mode offers every way, and builds every channel against its simulator
    expect(
      en.data.filter((p: { enabled: boolean }) => p.enabled).map((p: { code: string }) => p.code),
    ).toEqual(['wechat', 'alipay', 'tappay', 'newebpay', 'wallet', 'points', 'transfer']);
    // without channel adapters only the internal ways are enabled
    const bare = await createTestApp({ seed: false, providers: { payments: {} } });
    try {
      const res = await call(bare.app, 'GET', 'app/base/comm/payList');
      expect(
        res.data.filter((p: { enabled: boolean }) => p.enabled).map((p: { code: string }) => p.code),
      ).toEqual(['wallet', 'points', 'transfer']);
    } finally {
      await bare.close();
    }
    expect(en.data[0].name).toBe('WeChat Pay');
    const hant = await call(t.app, 'GET', 'app/base/comm/payList', { language: 'zh-Hant' });
    expect(hant.data[1].name).toBe('支付寶');
    // the bank transfer by the glossary's one name, as the shop's and console's own tables write it
    expect(hant.data[6].name).toBe('銀行轉帳');
  });
  it('marks the pay ways the deployment does not offer as disabled', async () => {
    const other = await createTestApp({ env: { PAY_WAYS: 'wallet, transfer' }, seed: false });
    try {
      const res = await call(other.app, 'GET', 'app/base/comm/payList');
      const enabled = res.data
        .filter((p: { enabled: boolean }) => p.enabled)
        .map((p: { code: string }) => p.code);
      expect(enabled).toEqual(['wallet', 'transfer']);
    } finally {
      await other.close();
    }
  });
});

describe('eps', () => {
  it('lists the app endpoints with method and namespace, and nothing of the admin console', async () => {
    const res = await call(t.app, 'GET', 'app/base/comm/eps');
    expect(res.data).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/app/base/comm/upload', namespace: 'app/base/comm' },
        { method: 'POST', path: '/api/app/dict/info/data', namespace: 'app/dict/info' },
        { method: 'GET', path: '/api/app/app/version/check', namespace: 'app/app/version' },
      ]),
    );
    expect(res.data.some((e: { path: string }) => !e.path.startsWith('/api/app/'))).toBe(false);
    expect(res.data.some((e: { method: string }) => e.method === 'HEAD')).toBe(false);
  });
});
