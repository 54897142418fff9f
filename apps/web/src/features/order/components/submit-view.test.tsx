import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderQuote } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { probe, withApp } from '../../../test/app';
import { SubmitView } from './submit-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const line = {
  id: 0,
  goodsId: 7,
  specId: 71,
  title: 'Taiwan top-up',
  specName: '5 GB',
  picture: null,
  price: 30000,
  quantity: 1,
  subtotal: 30000,
  goodsType: 1 as const,
  noFreight: 0 as const,
  needFillCard: 1 as const,
  commented: false,
  payWays: ['wechat' as const, 'alipay' as const],
  stock: 10,
};
const QUOTE: OrderQuote = {
  currency: 'TWD',
  goodsAmount: 30000,
  shippingAmount: 0,
  couponDiscount: 0,
  pointsDiscount: 0,
  totalAmount: 30000,
  lines: [line],
  payMethods: ['wechat', 'alipay'],
  needFillCard: true,
  needAddress: false,
  supportPointDiscount: false,
  freeShippingMin: null,
  shippingFree: false,
  address: null,
  coupons: [],
  userCouponId: null,
};
// A valid ICCID (Luhn) and the same with its last digit changed.
const GOOD_ICCID = '8988600000000000002';
const BAD_ICCID = '8988600000000000007';

let create: () => Promise<unknown>;
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/order/info/quote') return QUOTE;
    if (url === 'app/order/info/create') return create();
    if (url === 'app/user/cart/count') return { count: 0, quantity: 0 };
    if (url === 'app/market/coupon/info/page')
      return { list: [], pagination: { page: 1, size: 20, total: 0 } };
    throw new Error(`unexpected call ${url}`);
  });
});

const createCalls = () =>
  request.mock.calls.map(([c]) => c).filter((c: { url: string }) => c.url === 'app/order/info/create');

const NEW_USER = {
  id: 5,
  title: 'New user NT$50 off',
  description: null,
  kind: 'amount' as const,
  amount: 5000,
  percent: null,
  maxDiscount: null,
  minAmount: 0,
  scope: 'all' as const,
  goodsIds: [],
  typeIds: [],
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2027-01-01T00:00:00.000Z',
  currency: 'TWD',
  perUserLimit: 1,
  total: 1000,
  remaining: 900,
  status: 1 as const,
  received: 0,
  canReceive: true,
};

describe('SubmitView: eSIM checkout (issue 12)', () => {
  it('links the device check and suggests the new-user coupon, received and priced in with one tap', async () => {
    const esim = {
      ...QUOTE,
      needFillCard: false,
      lines: [{ ...line, title: 'Japan eSIM', needFillCard: 0 as const }],
    };
    let received = false;
    request.mockImplementation(async ({ url, data }: { url: string; data?: { userCouponId?: number } }) => {
      if (url === 'app/order/info/quote')
        return data?.userCouponId === 77
          ? { ...esim, couponDiscount: 5000, totalAmount: 25000, userCouponId: 77 }
          : esim;
      if (url === 'app/market/coupon/info/page')
        return {
          list: [{ ...NEW_USER, received: received ? 1 : 0, canReceive: !received }],
          pagination: { page: 1, size: 20, total: 1 },
        };
      if (url === 'app/market/coupon/user/receive') {
        received = true;
        return { id: 77, couponId: 5 };
      }
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    expect(
      (await screen.findByRole('link', { name: /Does my phone support eSIM\?/ })).getAttribute('href'),
    ).toBe('/pages/goods/esim-devices');
    const hint = await screen.findByRole('group', { name: 'A coupon you can still get' });
    expect(hint.textContent).toContain('New user NT$50 off');
    expect(hint.textContent).toContain('saves NT$50');
    fireEvent.click(screen.getByRole('button', { name: 'Get it: New user NT$50 off' }));
    await waitFor(() =>
      expect(
        request.mock.calls.some(([c]) => c.url === 'app/market/coupon/user/receive' && c.data.couponId === 5),
      ).toBe(true),
    );
    // priced in at once, and no longer suggested once received
    await waitFor(() =>
      expect(
        request.mock.calls.some(([c]) => c.url === 'app/order/info/quote' && c.data?.userCouponId === 77),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'A coupon you can still get' })).toBeNull(),
    );
  });

  it('keeps the claimed coupon and the pay way when the buyer leaves to add an address and comes back', async () => {
    const quoted = (data?: { userCouponId?: number | null }) =>
      data?.userCouponId === 77
        ? { ...QUOTE, couponDiscount: 5000, totalAmount: 25000, userCouponId: 77 }
        : QUOTE;
    request.mockImplementation(async ({ url, data }: { url: string; data?: { userCouponId?: number } }) => {
      if (url === 'app/order/info/quote') return quoted(data);
      if (url === 'app/market/coupon/info/page')
        return { list: [{ ...NEW_USER, canReceive: true }], pagination: { page: 1, size: 20, total: 1 } };
      if (url === 'app/market/coupon/user/receive') return { id: 77, couponId: 5 };
      throw new Error(`unexpected call ${url}`);
    });
    const first = render(
      withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />, '/pages/order/submit?specId=71'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Get it: New user NT$50 off' }));
    fireEvent.click(screen.getByRole('radio', { name: /Alipay/ }));
    await waitFor(() => expect(new URLSearchParams(probe.location.search).get('coupon')).toBe('77'));
    await waitFor(() => expect(new URLSearchParams(probe.location.search).get('pay')).toBe('alipay'));
    const back = `${probe.location.pathname}${probe.location.search}`;
    expect(new URLSearchParams(probe.location.search).get('specId')).toBe('71');
    first.unmount();
    // the page as the browser's back button brings it again: a new mount at the kept address
    request.mockClear();
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />, back));
    await waitFor(() =>
      expect(
        request.mock.calls.some(([c]) => c.url === 'app/order/info/quote' && c.data?.userCouponId === 77),
      ).toBe(true),
    );
    expect(request.mock.calls.some(([c]) => c.url === 'app/order/info/quote' && !c.data?.userCouponId)).toBe(
      false,
    );
    expect(((await screen.findByRole('radio', { name: /Alipay/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('suggests no coupon the order does not reach, and no device check for a top-up', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/order/info/quote') return QUOTE;
      if (url === 'app/market/coupon/info/page')
        return { list: [{ ...NEW_USER, minAmount: 99900 }], pagination: { page: 1, size: 20, total: 1 } };
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    await screen.findByRole('textbox', { name: 'SIM card number (ICCID)' });
    await waitFor(() =>
      expect(request.mock.calls.some(([c]) => c.url === 'app/market/coupon/info/page')).toBe(true),
    );
    expect(screen.queryByRole('group', { name: 'A coupon you can still get' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Does my phone support eSIM/ })).toBeNull();
  });
});

describe('SubmitView', () => {
  it('refuses a card number whose Luhn check fails, before any order is made', async () => {
    create = async () => ({ id: 42 });
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    const card = await screen.findByRole('textbox', { name: 'SIM card number (ICCID)' });
    const submit = screen.getByRole('button', { name: 'Submit order' });
    // the button works once the server's quote is in; a tap before that is not what this test is about
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter the card number')).toBeTruthy();
    fireEvent.change(card, { target: { value: BAD_ICCID } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await screen.findByText('This card number is not valid, please check it')).toBeTruthy();
    expect(createCalls()).toHaveLength(0);

    fireEvent.change(card, { target: { value: `${GOOD_ICCID.slice(0, 4)} ${GOOD_ICCID.slice(4)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(probe.location.search).toBe('?id=42&paynow=1'));
    expect(probe.location.pathname).toBe('/pages/order/detail');
    expect(createCalls()[0].data).toMatchObject({
      buyNow: { specId: 71, quantity: 1 },
      cardNumber: GOOD_ICCID,
      payWay: 'wechat',
    });
  });

  it('sends one order for a double tap, and the same idempotency key when it is tried again', async () => {
    let settle!: (v: unknown) => void;
    create = () => new Promise((_, reject) => (settle = reject));
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    fireEvent.change(await screen.findByRole('textbox', { name: 'SIM card number (ICCID)' }), {
      target: { value: GOOD_ICCID },
    });
    const submit = screen.getByRole('button', { name: 'Submit order' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(createCalls()).toHaveLength(1));
    settle(Object.assign(new Error('The request timed out, please try again'), { code: 5 }));
    expect(await screen.findByText('The request timed out, please try again')).toBeTruthy();

    create = async () => ({ id: 43 });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    await waitFor(() => expect(probe.location.search).toBe('?id=43&paynow=1'));
    const [first, second] = createCalls();
    expect(first.data.idempotencyKey).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(second.data.idempotencyKey).toBe(first.data.idempotencyKey);
  });

  it("takes a top-up's card from its SIM card, or one tapped among the buyer's cards", async () => {
    create = async () => ({ id: 44 });
    const OTHER = '89886012345678901233';
    render(
      withApp(
        <SubmitView
          buyNow={{ specId: 71, quantity: 1 }}
          iccid={GOOD_ICCID}
          cardChoices={[
            { iccid: GOOD_ICCID, label: 'Japan 5 GB · 0000 002' },
            { iccid: OTHER, label: 'Taiwan 3 GB · 7890 1233' },
          ]}
        />,
      ),
    );
    const card = await screen.findByRole('textbox', { name: 'SIM card number (ICCID)' });
    expect((card as HTMLInputElement).value).toBe(GOOD_ICCID);
    expect(screen.getByRole('button', { name: 'Japan 5 GB · 0000 002' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Taiwan 3 GB · 7890 1233' }));
    expect((card as HTMLInputElement).value).toBe(OTHER);
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(probe.location.search).toBe('?id=44&paynow=1'));
    expect(createCalls()[0].data).toMatchObject({ cardNumber: OTHER });
  });

  it('shows the points discount the server quotes once the buyer switches points on', async () => {
    create = async () => ({ id: 44 });
    request.mockImplementation(async ({ url, data }: { url: string; data?: { usePoints?: boolean } }) => {
      if (url === 'app/order/info/quote')
        return data?.usePoints
          ? { ...QUOTE, supportPointDiscount: true, pointsDiscount: 4500, totalAmount: 25500 }
          : { ...QUOTE, supportPointDiscount: true };
      if (url === 'app/order/info/create') return create();
      if (url === 'app/user/cart/count') return { count: 0, quantity: 0 };
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    const toggle = await screen.findByRole('switch', { name: 'Use points discount' });
    expect(screen.queryByText('Points discount')).toBeNull();
    fireEvent.click(toggle);
    const row = (await screen.findByText('Points discount')).parentElement!;
    await waitFor(() => expect(row.textContent).toMatch(/−.*45/));
    const bar = screen.getByRole('group', { name: 'Order total and submission' });
    await waitFor(() => expect(bar.textContent).toMatch(/255/));
    const quotes = request.mock.calls
      .map(([c]) => c)
      .filter((c: { url: string }) => c.url === 'app/order/info/quote');
    expect(quotes.at(-1).data).toMatchObject({ usePoints: true });
  });

  it('sends the points switch with the order, so the order is created with the points applied', async () => {
    create = async () => ({ id: 44 });
    request.mockImplementation(async ({ url, data }: { url: string; data?: { usePoints?: boolean } }) => {
      if (url === 'app/order/info/quote')
        return data?.usePoints
          ? {
              ...QUOTE,
              needFillCard: false,
              supportPointDiscount: true,
              pointsDiscount: 4500,
              totalAmount: 25500,
            }
          : { ...QUOTE, needFillCard: false, supportPointDiscount: true };
      if (url === 'app/order/info/create') return create();
      if (url === 'app/user/cart/count') return { count: 0, quantity: 0 };
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    fireEvent.click(await screen.findByRole('switch', { name: 'Use points discount' }));
    const bar = screen.getByRole('group', { name: 'Order total and submission' });
    await waitFor(() => expect(bar.textContent).toMatch(/255/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(probe.location.search).toBe('?id=44&paynow=1'));
    expect(createCalls()[0].data).toMatchObject({ usePoints: true });
  });

  it('takes points by the switch, not as a pay way, unless the goods take nothing else', async () => {
    let methods: OrderQuote['payMethods'] = ['wechat', 'points'];
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/order/info/quote')
        return { ...QUOTE, supportPointDiscount: true, payMethods: methods, needFillCard: false };
      throw new Error(`unexpected call ${url}`);
    });
    const mixed = render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    await screen.findByRole('switch', { name: 'Use points discount' });
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['WeChat Pay']);
    mixed.unmount();
    methods = ['points'];
    render(withApp(<SubmitView buyNow={{ specId: 71, quantity: 1 }} />));
    // the one way, chosen for the buyer
    await waitFor(() => expect((screen.getByRole('radio') as HTMLInputElement).checked).toBe(true));
  });
});
