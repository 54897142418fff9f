import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { OrderLogEntryNote } from '@simshop/contracts';
import { foreignWords } from '@simshop/contracts/glossary.check';
import zhTW from 'antd/es/locale/zh_TW';
import zhHant from '../locales/zh-Hant';
import { i18n, LANGUAGE_NAMES } from '../lib/i18n';
import { session } from '../lib/session';
import { mockApi, ok, on } from '../test/fetch-mock';
import { renderConsole, Route } from '../test/render';
import { BannerList } from './catalogue/banners';
import { LogNote } from './orders/order-log';
import { TransferList } from './orders/transfers';

// Issue 27: a console page read in Traditional Chinese shows no English: not the UI library's own words (an
// empty table's "No data", an image's "Preview", a date picker's "Start date"), not an en-US or ISO date, not a
// raw code from an order's log. The console's providers as the app has them (test/render).

/** What an operator reads on the page: its text and the placeholders and titles of its fields (the language
 *  picker's names, each in its own language, left out). */
const screenText = () =>
  [
    Object.values(LANGUAGE_NAMES).reduce(
      (s, name) => s.replaceAll(name, ' '),
      document.body.textContent ?? '',
    ),
    ...[...document.querySelectorAll('[placeholder],[title]')].flatMap((e) => [
      e.getAttribute('placeholder') ?? '',
      e.getAttribute('title') ?? '',
    ]),
  ].join('\n');

beforeEach(async () => {
  await i18n.changeLanguage('zh-Hant');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the console in Traditional Chinese', () => {
  it('an empty list says so in Chinese, with its date filter', async () => {
    mockApi(
      on('admin/order/transfer/page', () => ok({ list: [], pagination: { page: 1, size: 20, total: 0 } })),
    );
    renderConsole(<Route path="/transfers" element={<TransferList />} />, '/transfers');
    await screen.findAllByText(zhTW.Empty?.description ?? '無此資料');
    expect(foreignWords(screenText())).toEqual([]);
  });

  it('a banner: its picture to preview and its dates in Chinese', async () => {
    mockApi(
      on('admin/market/banner/list', () =>
        ok([
          {
            id: 1,
            title: '日本 eSIM',
            picture: '/uploads/banner.png',
            position: 'home',
            linkType: 'none',
            linkValue: null,
            orderNum: 0,
            texts: { 'zh-Hant': { title: '日本 eSIM' } },
            startsAt: '2026-11-28T00:22:00.000Z',
            endsAt: '2026-12-31T15:59:00.000Z',
            status: 1,
          },
        ]),
      ),
    );
    renderConsole(<Route path="/banners" element={<BannerList />} />, '/banners');
    await screen.findByText('預覽');
    const text = screenText();
    expect(text).toMatch(/2026\/11\/28/);
    expect(foreignWords(text)).toEqual([]);
  });

  /** Log notes as the server writes them: kind and params. */
  const LOG: OrderLogEntryNote[] = [
    { kind: 'paid', params: { way: 'wallet', attempt: '202611288245105817P1' } },
    { kind: 'refund_requested', params: { reason: 'no_longer_needed' } },
    {
      kind: 'refund_approved',
      params: { amount: 100, asked: 12_900, currency: 'TWD', installed: [], reason: '行程取消' },
    },
    { kind: 'changed', params: { field: 'address' } },
    { kind: 'shipped', params: { carrier: '中華郵政', trackingNo: 'RR123456789TW' } },
  ];

  it("an order's log names the pay way, the refund reason and a partial approval", async () => {
    mockApi(
      on('app/dict/info/data', () =>
        ok({ refundReason: [{ id: 1, name: '不想要了', value: 'no_longer_needed', orderNum: 0 }] }),
      ),
    );
    renderConsole(
      <Route
        path="/log"
        element={
          <>
            {LOG.map((note) => (
              <div key={note.kind}>
                <LogNote note={note} />
              </div>
            ))}
          </>
        }
      />,
      '/log',
    );
    await screen.findByText('不想要了');
    expect(screen.getByText(`${zhHant.payWay.wallet} · 付款單 202611288245105817P1`)).toBeTruthy();
    expect(screen.getByText('部分退款：NT$1（申請 NT$129）')).toBeTruthy();
    expect(screen.getByText('原因：行程取消')).toBeTruthy();
    expect(screen.getByText(zhHant.orderNote.address)).toBeTruthy();
    // what a person typed is shown as written
    expect(screen.getByText('中華郵政 · 追蹤號碼 RR123456789TW')).toBeTruthy();
    await waitFor(() => expect(screenText()).not.toMatch(/no_longer_needed|wallet|partial/));
    expect(foreignWords(screenText())).toEqual([]);
  });
});
