import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy } from '../platform/security';
import { call, createTestApp, PRODUCTION_ENV, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import type { CallbackResult, ChannelCode, PaymentChannel, StartRequest } from './payments/channel';
import { rsaPair } from './payments/keys';
import { SIM_KEYS_FILE } from './payments/sim-keys';
import { TAPPAY_TEST_CARDS } from './payments/tappay/tappay.simulator';
import { wechatPayDemoCashierUrl } from './payments/wechat/wechat.simulator';

const CODES: ChannelCode[] = ['alipay', 'newebpay', 'tappay', 'wechat'];

/** Notifications that reached our test notify route, verified by the channel they name. */
type Caught = { code: ChannelCode; result?: CallbackResult; error?: string };

/** A demo app with a notify route per channel that hands the raw request to ctx.providers.payments. */
async function demoApp(caught: Caught[], env: Record<string, string> = {}) {
  return createTestApp({
    env,
    seed: false,
    beforeReady: async (app, ctx) => {
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
        scope.post('/test/notify/:code', async (req, reply) => {
          const code = (req.params as { code: ChannelCode }).code;
          try {
            const result = await ctx.providers.payments[code]!.handleCallback('notify', {
              method: 'POST',
              headers: req.headers as Record<string, string>,
              rawBody: String(req.body ?? ''),
              query: {},
            });
            caught.push({ code, result });
            return reply.status(result.reply.status).type(result.reply.contentType).send(result.reply.body);
          } catch (err) {
            caught.push({ code, error: (err as Error).message });
            return reply.status(400).send('refused');
          }
        });
      });
    },
  });
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function until<T>(what: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('payment channels in demo mode', () => {
  let t: TestApp;
  const caught: Caught[] = [];
  let seq = 0;
  const request = (code: ChannelCode, over: Partial<StartRequest> = {}): StartRequest => ({
    attemptNo: `W${code.slice(0, 2)}${Date.now()}${seq++}`,
    orderNo: 'O1001',
    amount: 59_900,
    currency: 'TWD',
    description: 'Japan 5 days 10 GB',
    expiresAt: Date.now() + 30 * 60_000,
    client: 'desktop_browser',
    notifyUrl: `${t.config.publicUrl}/test/notify/${code}`,
    returnUrl: `${t.config.publicUrl}/pages/order/detail`,
    ...over,
  });
  const channel = (code: ChannelCode): PaymentChannel => t.ctx.providers.payments[code]!;
  /** The verified notification the simulator delivered for this attempt. */
  const notified = (code: ChannelCode, attemptNo: string) =>
    until(() => caught.find((c) => c.code === code && c.result?.payments[0]?.attemptNo === attemptNo));

  beforeAll(async () => {
    t = await demoApp(caught);
  });
  afterAll(async () => t.close());

  it('has all four channels, and their simulators under /dev/sim', async () => {
    expect(Object.keys(t.ctx.providers.payments).sort()).toEqual(CODES);
    for (const code of CODES) expect(channel(code).code).toBe(code);
    for (const url of [
      '/dev/sim/wechat/control',
      '/dev/sim/alipay/control',
      '/dev/sim/tappay/sdk.js',
      '/dev/sim/newebpay/_switches',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('WeChat Pay: Native QR, simulator cashier, verified notification, query says paid', async () => {
    const req = request('wechat');
    const started = await channel('wechat').start(req);
    if (started.kind !== 'qr') throw new Error(`expected a QR, got ${started.kind}`);
    const cashier = wechatPayDemoCashierUrl(`${t.config.publicUrl}/dev/sim/wechat`, started.codeUrl);
    const page = await t.app.inject({ method: 'GET', url: pathOf(cashier) });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const paid = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/wechat/cashier',
      ...form({ token, action: 'pay' }),
    });
    expect(paid.statusCode).toBe(200);
    const n = await notified('wechat', req.attemptNo);
    expect(n.result?.payments[0]).toMatchObject({ state: 'paid', amount: req.amount, currency: 'TWD' });
    expect(await channel('wechat').query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid' });
  });

  it('Alipay: page pay, simulator cashier, verified notification, query says paid', async () => {
    const req = request('alipay');
    const started = await channel('alipay').start(req);
    if (started.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.kind}`);
    expect(started.url.startsWith(`${t.config.publicUrl}/dev/sim/alipay/gateway.do?`)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: pathOf(started.url) });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const paid = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/alipay/cashier',
      ...form({ token, action: 'pay' }),
    });
    expect(paid.statusCode).toBe(302);
    const n = await notified('alipay', req.attemptNo);
    expect(n.result?.payments[0]).toMatchObject({ state: 'paid', amount: req.amount, currency: 'TWD' });
    expect(await channel('alipay').query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid' });
  });

  it('TapPay: prime, 3-D Secure page, backend notify, query says paid', async () => {
    const info = channel('tappay').clientInfo!();
    const primed = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/tappay/tpc/prime',
      payload: {
        app_id: info.app_id,
        app_key: info.app_key,
        card: { number: TAPPAY_TEST_CARDS.threeDS, expiry: '1230', ccv: '123' },
      },
    });
    const prime = String(primed.json().card.prime);
    const req = request('tappay', {
      prime,
      cardholder: { name: 'Wang Xiaoming', phone: '+886923456789', email: 'ming@example.com' },
    });
    const started = await channel('tappay').start(req);
    if (started.kind !== 'redirect') throw new Error(`expected 3-D Secure, got ${started.kind}`);
    const verified = await t.app.inject({
      method: 'POST',
      url: pathOf(started.url),
      ...form({ choice: 'pay' }),
    });
    expect(verified.statusCode).toBe(302);
    const n = await notified('tappay', req.attemptNo);
    expect(n.result?.payments[0]).toMatchObject({ state: 'paid', amount: req.amount });
    expect(await channel('tappay').query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid' });
  });

  it('NewebPay: MPG form, simulator cashier, Notify, query says paid', async () => {
    const req = request('newebpay', { method: 'CREDIT' });
    const started = await channel('newebpay').start(req);
    if (started.kind !== 'form') throw new Error(`expected a form, got ${started.kind}`);
    const gateway = await t.app.inject({
      method: 'POST',
      url: pathOf(started.action),
      ...form(started.fields),
    });
    const session = /name="session" value="([^"]+)"/.exec(gateway.body)?.[1] ?? '';
    const paid = await t.app.inject({
      method: 'POST',
      url: '/dev/sim/newebpay/MPG/cashier',
      ...form({ session, choice: 'card_pay' }),
    });
    expect(paid.statusCode).toBe(200);
    const n = await notified('newebpay', req.attemptNo);
    expect(n.result?.payments[0]).toMatchObject({ state: 'paid', amount: req.amount, currency: 'TWD' });
    expect(await channel('newebpay').query(req.attemptNo, req.amount)).toMatchObject({ state: 'paid' });
  });
});

describe('demo keys', () => {
  it('are made on the first start in DATA_DIR, owner-only, and reused by the next', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-keys-'));
    const file = path.join(dataDir, SIM_KEYS_FILE);
    try {
      const first = await createTestApp({ env: { DATA_DIR: dataDir }, seed: false });
      await first.close();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const kept = fs.readFileSync(file, 'utf8');
      expect(Object.keys(JSON.parse(kept)).sort()).toEqual(CODES);
      const mtime = fs.statSync(file).mtimeMs;

      const caught: Caught[] = [];
      const second = await demoApp(caught, { DATA_DIR: dataDir });
      try {
        expect(fs.readFileSync(file, 'utf8')).toBe(kept);
        expect(fs.statSync(file).mtimeMs).toBe(mtime);
        // the adapter and its simulator still agree on the kept keys
        const started = await second.ctx.providers.payments.wechat!.start({
          attemptNo: `Wkeys${Date.now()}`,
          orderNo: 'O1',
          amount: 100,
          currency: 'TWD',
          description: 'x',
          expiresAt: Date.now() + 60_000,
          client: 'desktop_browser',
          notifyUrl: `${second.config.publicUrl}/test/notify/wechat`,
          returnUrl: `${second.config.publicUrl}/`,
        });
        expect(started.kind).toBe('qr');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('payment channels in production', () => {
  const production = (env: Record<string, string>) => loadConfig({ ...PRODUCTION_ENV, ...env });

  it('refuses to start when PAY_WAYS offers a channel without its credentials', () => {
    expect(() => production({})).not.toThrow(); // wallet, points and transfer need no provider
    let message = '';
    try {
      production({ PAY_WAYS: 'wechat,alipay,tappay,newebpay,wallet', TAPPAY_PARTNER_KEY: 'partner_x' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const key of [
      'WECHATPAY_MCHID',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PLATFORM_KEYS',
      'ALIPAY_APP_ID',
      'ALIPAY_PUBLIC_KEY',
      'TAPPAY_MERCHANT_ID',
      'NEWEBPAY_HASH_KEY',
    ])
      expect(message).toContain(`${key}: required in production while PAY_WAYS offers`);
    expect(message).not.toContain('TAPPAY_PARTNER_KEY');
    // the demo ignores them: the simulators stand in
    expect(() => loadConfig({ PAY_WAYS: 'wechat,alipay,tappay,newebpay' })).not.toThrow();
  });

  it('refuses to offer Apple Pay or Google Pay without their merchant setup, and offers no wallet unasked', () => {
    const msg = (env: Record<string, string>) => {
      try {
        production(env);
        return '';
      } catch (err) {
        return String(err);
      }
    };
    expect(msg({ TAPPAY_WALLETS: 'apple_pay' })).toContain(
      'APPLE_PAY_MERCHANT_ID: required in production while TAPPAY_WALLETS offers apple_pay',
    );
    expect(msg({ TAPPAY_WALLETS: 'apple_pay' })).toContain(
      'APPLE_PAY_DOMAIN_ASSOCIATION: required in production',
    );
    expect(msg({ TAPPAY_WALLETS: 'google_pay,line_pay' })).toContain(
      'GOOGLE_PAY_MERCHANT_ID: required in production while TAPPAY_WALLETS offers google_pay',
    );
    expect(msg({ TAPPAY_WALLETS: 'paypal' })).toContain('TAPPAY_WALLETS');
    expect(msg({ TAPPAY_WALLETS: 'apple_pay', APPLE_PAY_MERCHANT_ID: 'shop' })).toContain(
      'APPLE_PAY_MERCHANT_ID: an Apple merchant identifier',
    );
    const ok = production({
      TAPPAY_WALLETS: 'apple_pay,google_pay,line_pay',
      APPLE_PAY_MERCHANT_ID: 'merchant.example.shop',
      APPLE_PAY_DOMAIN_ASSOCIATION: '7B227073704964223A22',
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T2XYZ1234',
    });
    expect(ok.wallets).toMatchObject({
      offered: ['apple_pay', 'google_pay', 'line_pay'],
      applePay: { merchantIdentifier: 'merchant.example.shop', countryCode: 'TW' },
      googlePay: { merchantId: 'BCR2DN4T2XYZ1234', merchantName: 'SimShop' },
    });
    // Google's pay.js may run only while Google Pay is offered
    const scripts = (env: Record<string, string>) =>
      contentSecurityPolicy(loadConfig(env)).directives.scriptSrc;
    expect(scripts({ TAPPAY_WALLETS: 'google_pay' })).toContain('https://pay.google.com');
    expect(scripts({ TAPPAY_WALLETS: 'apple_pay,line_pay' })).not.toContain('https://pay.google.com');
    // production offers none unless asked; the demo offers all four through the simulated SDK
    expect(production({}).wallets.offered).toEqual([]);
    expect(loadConfig({}).wallets.offered).toEqual(['apple_pay', 'google_pay', 'line_pay', 'jko_pay']);
  });

  it("serves Apple's domain verification file byte for byte when configured, and nothing otherwise", async () => {
    const file = '7B2270737049223A2241423132227D\n';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-apple-'));
    fs.writeFileSync(path.join(dir, 'association'), file);
    const url = '/.well-known/apple-developer-merchantid-domain-association';
    const withFile = await createTestApp({
      seed: false,
      env: { APPLE_PAY_DOMAIN_ASSOCIATION_FILE: path.join(dir, 'association') },
    });
    try {
      const res = await withFile.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(file);
      // what the page sets TapPay's SDK up with: the demo's values, public ones only
      const buyer = await createUser(withFile.ctx);
      const info = await call(withFile.app, 'GET', 'app/order/tappay/tappay_jinliu_info', {
        token: buyer.token,
      });
      expect(info.data).toMatchObject({
        wallets: ['apple_pay', 'google_pay', 'line_pay', 'jko_pay'],
        applePay: { merchantIdentifier: 'merchant.tech.cherri.global.test', countryCode: 'TW' },
        googlePay: { merchantName: 'SimShop', scriptUrl: null },
      });
      expect(JSON.stringify(info.data)).not.toMatch(/partner/i);
    } finally {
      await withFile.close();
    }
    const without = await createTestApp({ seed: false, env: { TAPPAY_WALLETS: 'line_pay' } });
    try {
      expect((await without.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const buyer = await createUser(without.ctx);
      const info = await call(without.app, 'GET', 'app/order/tappay/tappay_jinliu_info', {
        token: buyer.token,
      });
      expect(info.data).toMatchObject({ wallets: ['line_pay'], applePay: null, googlePay: null });
    } finally {
      await without.close();
    }
  });

  it('refuses WeChat Pay under another Official Account than the one whose openids JSAPI pays with', () => {
    const env = {
      PAY_WAYS: 'wechat',
      WECHAT_APP_ID: 'wxsignin000000001',
      WECHATPAY_APPID: 'wxpay00000000001',
    };
    expect(() => production(env)).toThrow(/WECHATPAY_APPID: must be WECHAT_APP_ID/);
    let message = '';
    try {
      production({ ...env, WECHATPAY_APPID: 'wxsignin000000001' });
    } catch (err) {
      message = String(err);
    }
    expect(message).not.toContain('WECHATPAY_APPID: must be');
  });

  it('builds each configured channel from the environment, and mounts no simulator', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-pem-'));
    const merchant = rsaPair();
    const platform = rsaPair();
    fs.writeFileSync(path.join(dir, 'wechat.pem'), merchant.privateKey);
    const t = await createTestApp({
      seed: false,
      env: {
        ...PRODUCTION_ENV,
        PAY_WAYS: 'wechat,alipay,tappay,newebpay,wallet',
        WECHATPAY_MCHID: '1900000109',
        WECHAT_APP_ID: 'wxd678efh567hg6787',
        WECHATPAY_APPID: 'wxd678efh567hg6787',
        WECHATPAY_MERCHANT_SERIAL: 'ABC123',
        WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'wechat.pem'),
        WECHATPAY_APIV3_KEY: 'a'.repeat(32),
        WECHATPAY_PLATFORM_KEYS: JSON.stringify({ PUB_KEY_ID_0100: platform.publicKey }),
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_SELLER_ID: '2088000000000001',
        // one environment line, newlines spelled \n
        ALIPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
        ALIPAY_PUBLIC_KEY: platform.publicKey,
        TAPPAY_PARTNER_KEY: 'partner_x',
        TAPPAY_MERCHANT_ID: 'shop_CTBC',
        TAPPAY_APP_ID: '12345',
        TAPPAY_APP_KEY: 'app_x',
        NEWEBPAY_MERCHANT_ID: 'MS123456789',
        NEWEBPAY_HASH_KEY: 'k'.repeat(32),
        NEWEBPAY_HASH_IV: 'v'.repeat(16),
      },
    });
    try {
      expect(Object.keys(t.ctx.providers.payments).sort()).toEqual(CODES);
      expect(t.config.payments.wechat?.privateKey).toBe(merchant.privateKey);
      expect(t.config.payments.alipay?.privateKey).toBe(merchant.privateKey);
      expect(t.ctx.providers.payments.tappay!.clientInfo!()).toMatchObject({
        app_id: '12345',
        server_type: 'production',
      });
      for (const code of CODES) {
        const res = await t.app.inject({ method: 'GET', url: `/dev/sim/${code}/control` });
        expect(res.statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/dev/sim/tappay/sdk.js' })).statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
