import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, call, type TestApp } from '../test/harness';
import { AccessLog, API_CSP, APP_JSON_BODY_MAX, lazyChildLogger, loggerOptions } from './security';
import { acceptedSecrets, decryptField, encryptField } from './crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Where a test's logger writes: each line kept as text. */
function lineSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe('security headers', () => {
  it('pages and files carry the web app CSP and the usual hardening headers', async () => {
    // no web build in the API tests: the answer is the 404 of a page path, with the page headers
    const res = await t.app.inject({ method: 'GET', url: '/pages/index/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // plain http demo: no upgrade of requests, no HSTS
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers carry the API policy: nothing loads or frames them', async () => {
    for (const [method, url] of [
      ['POST', '/api/app/goods/info/page'],
      ['GET', '/api/app/no/such/call'],
      ['GET', '/api/app/user/info/person'],
      ['GET', '/%61pi/app/user/info/person'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { page: 1, size: 1 } : undefined,
      });
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // what only a document uses is left off
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-xss-protection'], url).toBeUndefined();
    }
  });

  it('the demo provider pages under /dev/ stand in for other sites and carry no CSP of ours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('request bodies capped by route class', () => {
  const big = (bytes: number) => ({ nickname: 'x'.repeat(bytes) });

  it(`buyer calls refuse a JSON body over ${APP_JSON_BODY_MAX / 1024} KiB with a coded error (2031)`, async () => {
    const res = await call(t.app, 'POST', 'app/user/info/updatePerson', {
      body: big(APP_JSON_BODY_MAX + 10),
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(2031);
    expect(res.message).toContain(String(APP_JSON_BODY_MAX / 1024));
  });

  it('operator calls still take up to 1 MiB (refused by validation or auth, not by size)', async () => {
    const res = await call(t.app, 'POST', 'admin/base/open/login', { body: big(APP_JSON_BODY_MAX + 10) });
    expect(res.code).not.toBe(2031);
    expect(res.status).toBeLessThan(500);
    const huge = await call(t.app, 'POST', 'admin/base/open/login', { body: big(1024 * 1024 + 10) });
    expect(huge.code).toBe(2031);
  });
});

describe('NUL characters', () => {
  it('are refused as a format error in a query, a path value or a body, on both engines', async () => {
    const q = await call(t.app, 'GET', 'app/base/comm/param', { query: { key: 'a\u0000b' } });
    expect(q).toMatchObject({ status: 200, code: 1001, data: { field: 'key' } });
    const b = await call(t.app, 'POST', 'app/user/info/updatePerson', { body: { nickname: 'x\u0000' } });
    expect(b).toMatchObject({ status: 200, code: 1001, data: { field: 'nickname' } });
  });
});

describe('tokens never in URLs or logs', () => {
  it('no call of the OpenAPI document takes a token, password or code in its query or path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/swagger/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const offending: string[] = [];
    let params = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query' && p.in !== 'path') continue;
          params += 1;
          if (/token|password|secret/i.test(p.name)) offending.push(`${method} ${path} ${p.name}`);
        }
    expect(params).toBeGreaterThan(20);
    expect(offending).toEqual([]);
  });

  it('the logger redacts authorization headers and token, password and code fields', () => {
    const { lines, sink } = lineSink();
    const log = pino(loggerOptions('info'), sink);
    log.info(
      {
        req: {
          method: 'POST',
          url: '/api/app/x',
          headers: { authorization: 'Bearer SECRET-A', cookie: 'sid=SECRET-B' },
        },
        body: { token: 'SECRET-C', refreshToken: 'SECRET-D', password: 'SECRET-E', phone: '+886912000000' },
        answer: { data: { token: 'SECRET-F' } },
        lines: [{ prime: 'SECRET-G' }],
        code: '123456',
      },
      'request',
    );
    const out = lines.join('');
    expect(out).not.toMatch(/SECRET-|123456/);
    expect(out).toContain('[redacted]');
    expect(out).toContain('+886912000000');
    // an error still goes through pino's serializer whole
    log.error({ err: new Error('boom') }, 'failed');
    expect(JSON.parse(lines.at(-1)!).err).toMatchObject({ type: 'Error', message: 'boom', stack: /boom/ });
  });

  it('the logger redacts eSIM activation data wherever a delivery or a partner answer is logged', () => {
    const { lines, sink } = lineSink();
    const log = pino(loggerOptions('info'), sink);
    log.info(
      {
        answer: { data: { iccid: '8985240000093483001', activation: { activationCode: 'LPA:1$SECRET-A' } } },
        partner: { sims: [{ iccid: '8985240000093483001', activation_code: 'LPA:1$SECRET-B' }] },
        card: { activation_enc: 'SECRET-C', matchingId: 'SECRET-D', appleInstallUrl: 'https://x?SECRET-E' },
        // under a key of no meaning: known by its form
        note: ['LPA:1$smdp.example$SECRET-F', 'https://esimsetup.apple.com/x?carddata=LPA%3A1%24SECRET-G'],
      },
      'delivered',
    );
    const out = lines.join('');
    expect(out).not.toMatch(/SECRET-/);
    expect(out).toContain('8985240000093483001');
  });

  it('a client that hung up mid-answer is logged as info, not as an error of ours', () => {
    const { lines, sink } = lineSink();
    const log = pino(loggerOptions('info'), sink);
    log.error(new Error('premature close'));
    log.error({ err: Object.assign(new Error('gone'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }) }, 'aborted');
    log.error({ err: new Error('disk full') }, 'failed');
    expect(lines.map((l) => JSON.parse(l).level)).toEqual([30, 30, 50]);
    expect(JSON.parse(lines[0]!).err.message).toBe('premature close');
    const quiet = lineSink();
    pino(loggerOptions('warn'), quiet.sink).error(new Error('premature close'));
    expect(quiet.lines).toEqual([]);
  });

  it('the scrub censors a copy: the logged object itself is untouched', () => {
    const { lines, sink } = lineSink();
    const log = pino(loggerOptions('info'), sink);
    const logged = { req: { headers: { authorization: 'Bearer SECRET-A', accept: '*/*' } }, plain: { a: 1 } };
    log.info(logged, 'request');
    expect(logged.req.headers.authorization).toBe('Bearer SECRET-A');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      req: { headers: { authorization: '[redacted]', accept: '*/*' } },
      plain: { a: 1 },
    });
  });
});

describe('request loggers', () => {
  it('a request logger is made on its first line kept, with its bindings and the redaction', () => {
    const { lines, sink } = lineSink();
    const root = pino(loggerOptions('warn'), sink);
    let made = 0;
    const child = root.child;
    root.child = function (this: typeof root, ...args: Parameters<typeof root.child>) {
      made += 1;
      return child.apply(this, args);
    } as typeof root.child;
    const log = lazyChildLogger(root, { reqId: 'r-1' }, {});
    log.info({ token: 'SECRET-A' }, 'not kept at warn');
    log.debug('nor this');
    expect(made).toBe(0);
    expect(lines).toEqual([]);
    log.warn({ body: { password: 'SECRET-B' } }, 'kept');
    log.error('kept too');
    expect(made).toBe(1);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      reqId: 'r-1',
      msg: 'kept',
      body: { password: '[redacted]' },
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ reqId: 'r-1', msg: 'kept too' });
    expect(log.level).toBe('warn');
    log.child({ step: 2 }).warn('nested');
    expect(JSON.parse(lines[2]!)).toMatchObject({ reqId: 'r-1', step: 2, msg: 'nested' });
  });
});

describe('the access log', () => {
  it('writes one line per request as it ends, with the request, the status and the time; none at warn', async () => {
    for (const level of ['info', 'warn'] as const) {
      const { lines, sink } = lineSink();
      const app = Fastify({
        loggerInstance: pino(loggerOptions(level), sink),
        childLoggerFactory: (logger, bindings, opts) => lazyChildLogger(logger, bindings, opts),
        logController: new AccessLog(),
      });
      app.get('/x', async () => ({ ok: true }));
      await app.inject({ method: 'GET', url: '/x?page=2', headers: { authorization: 'SECRET-B' } });
      await app.close();
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      if (level === 'warn') {
        expect(logged).toEqual([]);
        continue;
      }
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        msg: 'request completed',
        reqId: expect.any(String),
        req: { method: 'GET', url: '/x?page=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      expect(lines[0]).not.toContain('SECRET-B');
    }
  });

  it("keeps Fastify's other lines: a server fault is logged with its error", async () => {
    const { lines, sink } = lineSink();
    const app = Fastify({
      loggerInstance: pino(loggerOptions('warn'), sink),
      logController: new AccessLog(),
    });
    app.get('/boom', async () => {
      throw new Error('kaput');
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
    expect(
      lines
        .map((l) => JSON.parse(l) as { err?: { message?: string } })
        .some((l) => l.err?.message === 'kaput'),
    ).toBe(true);
  });
});

describe('secrets rotated without downtime', () => {
  it('identity fields written under the previous secret stay readable; new writes use the current one', () => {
    const config = {
      secret: 'new-secret-0123456789abcdef0123456789',
      previousSecrets: ['old-secret-0123456789abcdef0123456789'],
    };
    const old = encryptField('old-secret-0123456789abcdef0123456789', 'A123456789', 'ctx');
    expect(decryptField(acceptedSecrets(config), old, 'ctx')).toBe('A123456789');
    const fresh = encryptField(config.secret, 'B987654321', 'ctx');
    expect(decryptField(config.secret, fresh, 'ctx')).toBe('B987654321');
    // after the rotation ends the old value no longer opens (re-encrypt before dropping the secret)
    expect(() => decryptField([config.secret], old, 'ctx')).toThrow();
  });
});
