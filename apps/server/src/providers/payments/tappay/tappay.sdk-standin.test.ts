import vm from 'node:vm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defined } from '../../../test/harness';
import { createInjectHttpClient } from '../http-client';
import { createTapPayChannel } from './tappay.channel';
import { createTapPayDemo, TAPPAY_SIMULATOR_PREFIX } from './tappay.demo';
import { TAPPAY_TEST_CARDS, tapPaySimulator } from './tappay.simulator';

/** Just enough of a page for the SDK stand-in: containers it fills with inputs, and fetch to the simulator. */
function fakePage(fetchImpl: (url: string, init: { body: string }) => Promise<{ json(): Promise<unknown> }>) {
  type El = {
    children: El[];
    innerHTML: string;
    value: string;
    style: { cssText: string };
    attrs: Record<string, string>;
    listeners: (() => void)[];
    [k: string]: unknown;
  };
  const el = (): El => ({
    children: [],
    innerHTML: '',
    value: '',
    style: { cssText: '' },
    attrs: {},
    listeners: [],
    appendChild(c: El) {
      this.children.push(c);
    },
    setAttribute(k: string, v: string) {
      this.attrs[k] = v;
    },
    addEventListener(_t: string, f: () => void) {
      this.listeners.push(f);
    },
  });
  const boxes: Record<string, El> = { '#card-number': el(), '#card-expiry': el(), '#card-ccv': el() };
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    fetch: fetchImpl,
    document: {
      currentScript: { src: `http://shop.test${TAPPAY_SIMULATOR_PREFIX}/sdk.js` },
      querySelector: (s: string) => boxes[s] ?? null,
      createElement: () => el(),
    },
  });
  const type = (box: string, text: string) => {
    const input = defined(boxes[box]?.children[0], `the input in ${box}`);
    input.value = text;
    for (const f of input.listeners) f();
  };
  return { context, window, type, boxes };
}

/** The simulator's SDK script run in a fake page, set up with the demo's app id; its calls reach the simulator. */
async function loadStandin() {
  const app = Fastify();
  const inject = createInjectHttpClient(() => app);
  const demo = createTapPayDemo({ publicUrl: 'http://shop.test', http: inject });
  await app.register(tapPaySimulator, { prefix: TAPPAY_SIMULATOR_PREFIX, ...demo.simulator });
  const script = (await app.inject({ method: 'GET', url: `${TAPPAY_SIMULATOR_PREFIX}/sdk.js` })).body;
  const calls: string[] = [];
  const page = fakePage(async (url, init) => {
    calls.push(url);
    const res = await inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: init.body,
    });
    return { json: async () => JSON.parse(res.body) };
  });
  vm.runInContext(script, page.context);
  const TPDirect = page.window.TPDirect as any;
  const info = createTapPayChannel(demo.channel).clientInfo!();
  TPDirect.setupSDK(Number(info.app_id), info.app_key, info.server_type);
  return { app, demo, calls, page, TPDirect };
}

describe('the TapPay web SDK stand-in', () => {
  it('sets up the card fields, reports their status and gets a prime the adapter can pay with', async () => {
    const { app, demo, calls, page, TPDirect } = await loadStandin();
    TPDirect.card.setup({
      fields: {
        number: { element: '#card-number', placeholder: '**** **** **** ****' },
        expirationDate: { element: '#card-expiry', placeholder: 'MM / YY' },
        ccv: { element: '#card-ccv', placeholder: 'CCV' },
      },
    });
    const updates: any[] = [];
    TPDirect.card.onUpdate((u: unknown) => updates.push(u));
    expect(TPDirect.card.getTappayFieldsStatus()).toMatchObject({
      canGetPrime: false,
      status: { number: 1, expiry: 1, ccv: 1 },
    });

    page.type('#card-number', '4242 4242 4242 4241');
    expect(updates.at(-1)).toMatchObject({ hasError: true, cardType: 'visa', status: { number: 2 } });
    page.type('#card-number', TAPPAY_TEST_CARDS.success);
    page.type('#card-expiry', '12/99');
    page.type('#card-ccv', '123');
    expect(updates.at(-1)).toMatchObject({
      canGetPrime: true,
      hasError: false,
      status: { number: 0, expiry: 0, ccv: 0 },
    });

    const result = await new Promise<any>((resolve) => TPDirect.card.getPrime(resolve));
    expect(calls).toEqual([`http://shop.test${TAPPAY_SIMULATOR_PREFIX}/tpc/prime`]);
    expect(result).toMatchObject({ status: 0, card: { lastfour: '4242', bincode: '424242' } });

    const paid = await createTapPayChannel(demo.channel).start({
      attemptNo: 'WEB1',
      orderNo: 'O1',
      amount: 10_000,
      currency: 'TWD',
      description: 'eSIM',
      expiresAt: Date.now() + 60_000,
      client: 'mobile_browser',
      prime: result.card.prime,
      notifyUrl: 'http://shop.test/n',
      returnUrl: 'http://shop.test/r',
    });
    expect(paid).toMatchObject({ kind: 'done', outcome: { state: 'paid', amount: 10_000 } });
    await app.close();
  });

  it("refuses Apple Pay and Google Pay primes until each wallet is set up in TapPay's documented order", async () => {
    const { app, TPDirect } = await loadStandin();
    const applePrime = () => new Promise<any>((resolve) => TPDirect.paymentRequestApi.getPrime(resolve));
    const googlePrime = () =>
      new Promise<any[]>((resolve) =>
        TPDirect.googlePay.getPrime((e: unknown, p: unknown) => resolve([e, p])),
      );

    // Apple Pay: checkAvailability, setupApplePay, setupPaymentRequest, then getPrime
    expect((await applePrime()).status).toBe(-1);
    const data = {
      supportedNetworks: ['VISA'],
      supportedMethods: ['apple_pay'],
      total: { label: 'SimShop', amount: { currency: 'TWD', value: '129' } },
    };
    expect(() => TPDirect.paymentRequestApi.setupPaymentRequest(data, () => undefined)).toThrow(
      /setupApplePay/,
    );
    expect(() => TPDirect.paymentRequestApi.setupApplePay({ countryCode: 'TW' })).toThrow(
      /merchantIdentifier/,
    );
    TPDirect.paymentRequestApi.setupApplePay({
      merchantIdentifier: 'merchant.example.shop',
      countryCode: 'TW',
    });
    const can = await new Promise<any>((resolve) =>
      TPDirect.paymentRequestApi.setupPaymentRequest(data, resolve),
    );
    expect(can).toEqual({ browserSupportPaymentRequest: true, canMakePaymentWithActiveCard: true });
    expect(await applePrime()).toMatchObject({ status: 0, prime: expect.any(String) });

    // Google Pay: setupGooglePay, setupPaymentRequest, then getPrime
    expect((await googlePrime())[1]).toBeNull();
    TPDirect.googlePay.setupGooglePay({ merchantName: 'SimShop', allowedCardAuthMethods: ['PAN_ONLY'] });
    const ready = await new Promise<any[]>((resolve) =>
      TPDirect.googlePay.setupPaymentRequest(
        { allowedNetworks: ['VISA'], price: '129', currency: 'TWD' },
        (e: unknown, r: unknown) => resolve([e, r]),
      ),
    );
    expect(ready).toEqual([null, { canUseGooglePay: true }]);
    const [err, prime] = await googlePrime();
    expect(err).toBeNull();
    expect(typeof prime).toBe('string');
    await app.close();
  });

  it("leaves a field inside the shop's <label> to be named by it (the buyer's language), never in English", async () => {
    const app = Fastify();
    await app.register(tapPaySimulator, {
      prefix: TAPPAY_SIMULATOR_PREFIX,
      ...createTapPayDemo({ publicUrl: 'http://shop.test', http: createInjectHttpClient(() => app) })
        .simulator,
    });
    const script = (await app.inject({ method: 'GET', url: `${TAPPAY_SIMULATOR_PREFIX}/sdk.js` })).body;
    const page = fakePage(async () => ({ json: async () => ({}) }));
    // the shop's form: <label>卡號<div id="card-number"/></label>; the CCV box is left without a label
    const label = { tagName: 'LABEL' };
    for (const box of ['#card-number', '#card-expiry'])
      defined(page.boxes[box], box).closest = (sel: string) => (sel === 'label' ? label : null);
    defined(page.boxes['#card-ccv'], 'ccv').closest = () => null;
    vm.runInContext(script, page.context);
    (page.window.TPDirect as any).card.setup({
      fields: {
        number: { element: '#card-number', placeholder: '' },
        expirationDate: { element: '#card-expiry', placeholder: '' },
        ccv: { element: '#card-ccv', placeholder: '' },
      },
    });
    const attrs = (box: string) => defined(page.boxes[box]?.children[0], box).attrs;
    expect(attrs('#card-number')['aria-label']).toBeUndefined();
    expect(attrs('#card-expiry')['aria-label']).toBeUndefined();
    expect(attrs('#card-ccv')['aria-label']).toBe('Security code');
    await app.close();
  });
});
