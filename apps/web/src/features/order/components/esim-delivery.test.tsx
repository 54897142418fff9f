import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderDetail, SimCardOrderDelivery } from '@simshop/contracts';
import { LOCALES } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { DeliveryTag, EsimDelivery } from './esim-delivery';
import { OrderDetailView } from './order-detail-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const ICCID = '89852400000001234567';
const line = (needFillCard: 0 | 1) => ({
  id: 1,
  goodsId: 7,
  specId: 71,
  title: 'Japan eSIM',
  specName: '5 GB · 15 days',
  picture: null,
  price: 29900,
  quantity: 1,
  subtotal: 29900,
  goodsType: 1 as const,
  noFreight: 0 as const,
  needFillCard,
  commented: false,
});
const esimOrder = (delivery: Order['delivery']) => ({ id: 9, lines: [line(0)], delivery });
const topUpOrder = (delivery: Order['delivery']) => ({ id: 9, lines: [line(1)], delivery });
const PAID: OrderDetail = {
  ...esimOrder('delivering'),
  publicId: 'p9',
  orderNo: '202611230000000009',
  autoCompleteAt: null,
  status: 1,
  payWay: 'wechat',
  cardNumber: null,
  note: '',
  address: null,
  quantity: 1,
  currency: 'TWD',
  goodsAmount: 29900,
  shippingAmount: 0,
  couponDiscount: 0,
  pointsDiscount: 0,
  totalAmount: 29900,
  payableAmount: 29900,
  paidWays: [],
  payDeadline: '2026-11-23T10:00:00Z',
  createdAt: '2026-11-23T09:00:00Z',
  paidAt: '2026-11-23T09:01:00Z',
  shippedAt: null,
  receivedAt: null,
  completedAt: null,
  closedAt: null,
  closeReason: null,
  carrier: null,
  trackingNo: null,
  refund: null,
  actions: {
    cancel: false,
    pay: false,
    update: false,
    confirm: false,
    refund: false,
    comment: false,
    logistics: false,
  },
  log: [],
};

let answers: SimCardOrderDelivery[];
const answer = (delivery: SimCardOrderDelivery['delivery'], retrying = false, iccids: string[] = []) => ({
  orderId: 9,
  delivery,
  retrying,
  lines: [{ orderLineId: 1, kind: 'esim' as const, state: delivery ?? 'delivering', iccids }],
});
beforeEach(async () => {
  await setLanguage('en');
  answers = [];
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/simcard/iccid/delivery') return answers.length > 1 ? answers.shift() : answers[0];
    if (url === 'app/order/info/info') return PAID;
    throw new Error(`unexpected call ${url}`);
  });
});
afterAll(() => setLanguage('en'));

const panel = () => document.querySelector('[data-delivery]');

describe('EsimDelivery (order page)', () => {
  it('while delivering: says it usually takes under a minute, then shows the delivered card by itself', async () => {
    answers = [answer('delivering'), answer('delivered', false, [ICCID])];
    render(withApp(<OrderDetailView id={9} />));
    expect(await screen.findByRole('heading', { name: 'Delivering your eSIM' })).toBeTruthy();
    expect(screen.getByText(/usually takes less than a minute/)).toBeTruthy();
    expect(panel()?.getAttribute('data-delivery')).toBe('delivering');
    // polled every few seconds: the card arrives without a reload
    const link = await screen.findByRole('link', { name: 'Open SIM card ···4567' }, { timeout: 6000 });
    expect(link.getAttribute('href')).toBe(`/pages/user/simcard/detail?iccid=${ICCID}`);
    expect(screen.getByRole('heading', { name: 'Your eSIM is ready' })).toBeTruthy();
    // the order itself is read again once the delivery settled
    const orderReads = () =>
      request.mock.calls.filter(([c]) => (c as { url: string }).url === 'app/order/info/info').length;
    await waitFor(() => expect(orderReads()).toBeGreaterThanOrEqual(2));
  }, 10_000);

  it('retrying: honest and calm, no error wording', async () => {
    answers = [answer('delivering', true)];
    render(withApp(<EsimDelivery order={esimOrder('delivering')} />));
    expect(await screen.findByRole('heading', { name: 'Your eSIM is taking a little longer' })).toBeTruthy();
    expect(screen.getByText(/we keep trying automatically/)).toBeTruthy();
    expect(screen.getByText(/will not be charged twice/)).toBeTruthy();
    expect(panel()?.textContent).not.toMatch(/error|fail/i);
  });

  it('stuck: delayed, the team is on it, nothing to do', async () => {
    answers = [answer('stuck')];
    render(withApp(<EsimDelivery order={esimOrder('stuck')} />));
    expect(await screen.findByRole('heading', { name: 'Your eSIM is delayed' })).toBeTruthy();
    expect(screen.getByText(/there is nothing you need to do/)).toBeTruthy();
    expect(panel()?.textContent).not.toMatch(/error|fail/i);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a top-up reads as a top-up, linking to the card it landed on', async () => {
    answers = [{ ...answer('delivered', false, [ICCID]), lines: [] }];
    answers[0]!.lines = [{ orderLineId: 1, kind: 'topup', state: 'delivered', iccids: [ICCID] }];
    render(withApp(<EsimDelivery order={topUpOrder('delivered')} />));
    expect(await screen.findByRole('heading', { name: 'Top-up added to your card' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Open SIM card ···4567' })).toBeTruthy();
  });

  it("a company's batch of 60 links six cards and all of them through My SIM cards", async () => {
    const many = Array.from({ length: 60 }, (_, i) => `898524000000012${String(i).padStart(5, '0')}`);
    answers = [answer('delivered', false, many)];
    render(withApp(<EsimDelivery order={esimOrder('delivered')} />));
    const all = await screen.findByRole('link', { name: 'All 60 SIM cards in My SIM cards' });
    expect(all.getAttribute('href')).toBe('/pages/user/simcard/list');
    expect(screen.getAllByRole('link', { name: /^Open SIM card ···\d{4}$/ })).toHaveLength(6);
  });

  it('is worded in every language, not in English', async () => {
    const en = new Set<string>();
    for (const lang of LOCALES) {
      await setLanguage(lang);
      for (const state of ['delivering', 'stuck'] as const) {
        answers = [answer(state, false)];
        const { unmount } = render(withApp(<EsimDelivery order={esimOrder(state)} />));
        const heading = await screen.findByRole('heading');
        await waitFor(() => expect(panel()?.getAttribute('data-delivery')).toBe(state));
        const text = `${heading.textContent} ${panel()?.querySelector('p')?.textContent}`;
        expect(text, `${lang} ${state}`).not.toMatch(/delivery\.|undefined/);
        if (lang === 'en') en.add(text);
        else expect(en.has(text), `${lang} ${state}: ${text}`).toBe(false);
        unmount();
      }
    }
    await setLanguage('zh-Hant');
    answers = [answer('delivering')];
    render(withApp(<EsimDelivery order={esimOrder('delivering')} />));
    expect(await screen.findByText('通常不到一分鐘即可完成，本頁會自動更新。')).toBeTruthy();
  });
});

describe('DeliveryTag (order list card)', () => {
  it('names the state of an eSIM or top-up order, and nothing for other orders', async () => {
    const { rerender, container } = render(withApp(<DeliveryTag order={esimOrder('delivering')} />));
    expect(screen.getByText('eSIM on its way')).toBeTruthy();
    rerender(withApp(<DeliveryTag order={esimOrder('delivered')} />));
    expect(screen.getByText('eSIM delivered')).toBeTruthy();
    rerender(withApp(<DeliveryTag order={topUpOrder('stuck')} />));
    expect(screen.getByText('Top-up delayed')).toBeTruthy();
    rerender(withApp(<DeliveryTag order={esimOrder(null)} />));
    expect(container.textContent).toBe('');
  });
});
