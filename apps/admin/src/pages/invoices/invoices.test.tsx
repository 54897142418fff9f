import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../lib/i18n';
import { invoiceTexts } from '../../locales/invoices';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { InvoicePage } from './invoices';

const en = invoiceTexts.en.invoices;
/** A track as the list answers it: registered with ezPay and in use there. */
const TRACK = {
  period: '202611',
  prefix: 'CD',
  start: 0,
  end: 99,
  next: 0,
  left: 100,
  recorded: 0,
  skipped: 0,
  registration: 'registered',
  registrationError: null,
  managementNo: '0t0ghr0fyv',
  providerState: 'enabled',
};
beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

const problemCard = () => screen.getByText(en.problems).closest('.ant-card') as HTMLElement;
const documentCard = () => within(screen.getByText(en.documents).closest('.ant-card') as HTMLElement);

/** A row of the list of invoices, allowances and voids. */
const doc = (over: Record<string, unknown>) => ({
  id: 1,
  kind: 'invoice',
  orderId: 42,
  orderNo: '202611280000000042',
  category: 'B2C',
  number: 'AB00000100',
  invoiceNumber: 'AB00000100',
  amount: 80,
  taxAmount: 4,
  state: 'issued',
  upload: 'uploaded',
  late: false,
  period: '202611',
  at: '2026-11-28T05:00:00.000Z',
  lastError: null,
  ...over,
});

describe('e-invoice page (issue 28)', () => {
  it('lists a late invoice with its error, retries it, and loads a number track', async () => {
    const calls = mockApi(
      on('admin/invoice/info/problems', () =>
        ok({
          list: [
            {
              id: 7,
              kind: 'invoice',
              orderId: 42,
              orderNo: '202611280000000042',
              category: 'B2C',
              state: 'pending',
              late: true,
              number: null,
              amount: 129,
              deadline: '2026-11-30T05:00:00.000Z',
              lastError: 'No invoice numbers are left for 202611: load a new number track',
            },
          ],
        }),
      ),
      on('admin/invoice/info/retry', () => ok({ id: 7 })),
      on('admin/invoice/info/page', () => ok({ list: [], pagination: { page: 1, size: 20, total: 0 } })),
      on('admin/invoice/track/list', () =>
        ok({
          list: [{ ...TRACK, id: 1, period: '202611', prefix: 'AB', start: 0, end: 49, next: 50, left: 0 }],
          autoRegister: true,
        }),
      ),
      on('admin/invoice/track/blanks', () => ok({ list: [] })),
      on('admin/invoice/track/add', () => ok({ ...TRACK, id: 2 })),
      on('admin/invoice/track/draw', () =>
        ok({
          checked: 5,
          winners: [
            {
              orderNo: '202609010000000001',
              number: 'CD00000444',
              prize: 'sixth',
              amount: 200,
              notified: true,
            },
          ],
        }),
      ),
    );
    renderConsole(<Route path="/invoices" element={<InvoicePage />} />, '/invoices');
    expect(await screen.findByText('202611280000000042')).toBeTruthy();
    expect(screen.getByText(en.late)).toBeTruthy();
    expect(screen.getByText(/No invoice numbers are left/)).toBeTruthy();
    expect(screen.getByText('AB00000000 – AB00000049')).toBeTruthy();
    fireEvent.click(within(problemCard()).getByRole('button', { name: en.retry }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/invoice/info/retry')?.body).toEqual({
        id: 7,
        kind: 'invoice',
      }),
    );
    const card = (title: string) => within(screen.getByText(title).closest('.ant-card') as HTMLElement);
    const tracks = card(en.tracks);
    fireEvent.change(tracks.getByLabelText(en.period), { target: { value: '202611' } });
    fireEvent.change(tracks.getByLabelText(en.prefix), { target: { value: 'CD' } });
    fireEvent.change(tracks.getByLabelText(en.start), { target: { value: '0' } });
    fireEvent.change(tracks.getByLabelText(en.end), { target: { value: '99' } });
    fireEvent.click(tracks.getByRole('button', { name: en.addTrack }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/invoice/track/add')?.body).toEqual({
        period: '202611',
        prefix: 'CD',
        start: 0,
        end: 99,
      }),
    );
    // the draw: the published numbers in, the winners out
    const draw = card(en.draw);
    fireEvent.change(draw.getByLabelText(en.period), { target: { value: '202609' } });
    fireEvent.change(draw.getByLabelText(en.special), { target: { value: '11111111' } });
    fireEvent.change(draw.getByLabelText(en.grand), { target: { value: '22222222' } });
    fireEvent.change(draw.getByLabelText(en.first), { target: { value: '33333333, 44444444' } });
    fireEvent.click(draw.getByRole('button', { name: en.check }));
    expect(await draw.findByText('CD00000444')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/invoice/track/draw')?.body).toEqual({
      period: '202609',
      special: '11111111',
      grand: '22222222',
      first: ['33333333', '44444444'],
      extraSixth: [],
    });
  });

  it('shows how each track stands with ezPay, its reason when not registered, and registers it again', async () => {
    let registered = false;
    const failed = {
      ...TRACK,
      id: 3,
      prefix: 'EF',
      registration: 'failed',
      registrationError: 'MOD10001: 系統忙碌中',
      managementNo: null,
      providerState: null,
    };
    const calls = mockApi(
      on('admin/invoice/info/problems', () => ok({ list: [] })),
      on('admin/invoice/info/page', () => ok({ list: [], pagination: { page: 1, size: 20, total: 0 } })),
      on('admin/invoice/track/blanks', () => ok({ list: [] })),
      on('admin/invoice/track/list', () =>
        ok({
          list: [
            { ...TRACK, id: 1 },
            registered ? { ...TRACK, id: 3, prefix: 'EF', providerState: 'paused' } : failed,
          ],
          autoRegister: true,
        }),
      ),
      on('admin/invoice/track/register', () => {
        registered = true;
        return ok({ ...TRACK, id: 3, prefix: 'EF', providerState: 'paused' });
      }),
      on('admin/invoice/track/add', () =>
        ok({ ...failed, id: 4, prefix: 'GH', registrationError: 'INM10003: 字軌期別錯誤' }),
      ),
    );
    renderConsole(<Route path="/invoices" element={<InvoicePage />} />, '/invoices');
    expect(await screen.findByText('MOD10001: 系統忙碌中')).toBeTruthy();
    expect(screen.getByText(en.registrations.failed)).toBeTruthy();
    expect(screen.getByText(en.providerStates.enabled)).toBeTruthy();
    expect(screen.queryByText(en.byHand)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.registerAgain }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/invoice/track/register')?.body).toEqual({ id: 3 }),
    );
    expect(await screen.findByText(en.providerStates.paused)).toBeTruthy();
    expect(screen.queryByText('MOD10001: 系統忙碌中')).toBeNull();
    expect(screen.queryByRole('button', { name: en.registerAgain })).toBeNull();
    // a track loaded that ezPay refused: said at once, with ezPay's reason
    const tracks = within(screen.getByText(en.tracks).closest('.ant-card') as HTMLElement);
    fireEvent.change(tracks.getByLabelText(en.period), { target: { value: '202001' } });
    fireEvent.change(tracks.getByLabelText(en.prefix), { target: { value: 'GH' } });
    fireEvent.change(tracks.getByLabelText(en.start), { target: { value: '0' } });
    fireEvent.change(tracks.getByLabelText(en.end), { target: { value: '99' } });
    fireEvent.click(tracks.getByRole('button', { name: en.addTrack }));
    expect(
      await screen.findByText('Track loaded, but not registered with ezPay: INM10003: 字軌期別錯誤'),
    ).toBeTruthy();
  });

  it("without ezPay's member keys: tracks registered by hand, said so, no register button", async () => {
    await i18n.changeLanguage('zh-Hant');
    mockApi(
      on('admin/invoice/info/problems', () => ok({ list: [] })),
      on('admin/invoice/info/page', () => ok({ list: [], pagination: { page: 1, size: 20, total: 0 } })),
      on('admin/invoice/track/blanks', () => ok({ list: [] })),
      on('admin/invoice/track/list', () =>
        ok({
          list: [{ ...TRACK, id: 1, registration: 'manual', managementNo: null, providerState: null }],
          autoRegister: false,
        }),
      ),
    );
    const hant = invoiceTexts['zh-Hant'].invoices;
    renderConsole(<Route path="/invoices" element={<InvoicePage />} />, '/invoices');
    expect(await screen.findByText(hant.byHand)).toBeTruthy();
    expect(screen.getByText(hant.registrations.manual)).toBeTruthy();
    expect(screen.queryByRole('button', { name: hant.registerNow })).toBeNull();
  });

  it('lists allowances and voids with their invoice, amount, tax and upload state, filters and retries', async () => {
    const rejected = doc({
      id: 9,
      kind: 'allowance',
      orderId: 43,
      orderNo: '202611280000000043',
      number: null,
      invoiceNumber: 'AB00000101',
      amount: 30,
      taxAmount: 1,
      state: 'rejected',
      upload: 'rejected',
      lastError: 'ALW10001: refused',
    });
    const rows = [
      doc({ id: 5, kind: 'allowance', number: 'A2026112800001', amount: 25, taxAmount: 1, state: 'done' }),
      doc({
        id: 6,
        kind: 'void',
        orderId: 44,
        orderNo: '202611280000000044',
        invoiceNumber: 'AB00000102',
        number: null,
        state: 'done',
      }),
      rejected,
    ];
    const calls = mockApi(
      on('admin/invoice/info/problems', () => ok({ list: [] })),
      on('admin/invoice/info/page', (c) => {
        const body = c.body as { documentKind?: string };
        const list = body.documentKind ? rows.filter((r) => r.kind === body.documentKind) : rows;
        return ok({ list, pagination: { page: 1, size: 20, total: list.length } });
      }),
      on('admin/invoice/info/retry', () => ok({ id: 9 })),
      on('admin/invoice/track/list', () => ok({ list: [] })),
      on('admin/invoice/track/blanks', () => ok({ list: [] })),
    );
    renderConsole(<Route path="/invoices" element={<InvoicePage />} />, '/invoices');
    const card = documentCard();
    expect(await card.findByText('A2026112800001')).toBeTruthy();
    // each return names the invoice it is of; amounts and tax as the shop writes money
    expect(card.getByText(en.ofInvoice.replace('{{number}}', 'AB00000100'))).toBeTruthy();
    // a void is the voided invoice's number
    expect(card.getByText('AB00000102')).toBeTruthy();
    expect(card.getByText('NT$25')).toBeTruthy();
    expect(card.getByText('NT$80')).toBeTruthy();
    expect(card.getAllByText(en.kinds.allowance)).toHaveLength(2);
    expect(card.getByText(en.kinds.void)).toBeTruthy();
    expect(card.getAllByText(en.uploads.uploaded)).toHaveLength(2);
    expect(card.getByText(en.uploads.rejected)).toBeTruthy();
    expect(card.getByText('ALW10001: refused')).toBeTruthy();
    expect(card.getByRole('link', { name: '202611280000000044' }).getAttribute('href')).toBe(
      '/orders/show/44',
    );
    // only the rejected upload offers a retry, sent as a return
    const retries = card.getAllByRole('button', { name: en.retry });
    expect(retries).toHaveLength(1);
    fireEvent.click(retries[0]!);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/invoice/info/retry')?.body).toEqual({
        id: 9,
        kind: 'return',
      }),
    );

    // a period that is no period is refused on the page, in the operator's language
    fireEvent.change(card.getByLabelText(en.period), { target: { value: '202612' } });
    fireEvent.click(card.getByRole('button', { name: new RegExp(i18n.t('buttons.filter')) }));
    expect(await card.findByText(en.periodRule)).toBeTruthy();
    // the kind, the period and the order number as the server's filters
    fireEvent.change(card.getByLabelText(en.period), { target: { value: '202611' } });
    fireEvent.change(card.getByLabelText(i18n.t('orders.orderNo')), {
      target: { value: ' 202611280000000042 ' },
    });
    fireEvent.mouseDown(card.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle(en.kinds.allowance));
    fireEvent.click(card.getByRole('button', { name: new RegExp(i18n.t('buttons.filter')) }));
    await waitFor(() => expect(card.queryByText(en.kinds.void)).toBeNull());
    expect(calls.filter((c) => c.url === '/api/admin/invoice/info/page').at(-1)?.body).toEqual({
      page: 1,
      size: 20,
      documentKind: 'allowance',
      period: '202611',
      orderNo: '202611280000000042',
    });
  });
});
