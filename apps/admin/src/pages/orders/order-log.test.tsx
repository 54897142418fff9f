import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderLogEntryNote } from '@simshop/contracts';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { LogNote } from './order-log';

// An order log entry's note is named from its kind and params (contracts orderLogNote) in the operator's
// language; what a person typed, and the text of an entry written before notes were structured, as written.

/** One note of each kind the server writes, and an old entry's free text. */
const NOTES: OrderLogEntryNote[] = [
  { kind: 'paid', params: { way: 'wallet', attempt: '202611288245105817P1' } },
  { kind: 'refund_requested', params: { reason: 'no_longer_needed' } },
  { kind: 'changed', params: { field: 'address' } },
  { kind: 'changed', params: { field: 'note' } },
  { kind: 'shipped', params: { carrier: 'Chunghwa Post', trackingNo: 'RR123456789TW' } },
  {
    kind: 'refund_approved',
    params: { amount: 12_900, asked: 12_900, currency: 'TWD', installed: [], reason: null },
  },
  {
    kind: 'refund_approved',
    params: {
      amount: 100,
      asked: 12_900,
      currency: 'TWD',
      installed: ['8988600000000000017', '8988600000000000025'],
      reason: 'network outage',
    },
  },
  { kind: 'refund_rejected', params: { reason: 'Please return the card first' } },
  { kind: 'text', params: { text: 'wallet 202611288245105817P9' } },
];

/** What each note reads, by language, in the order of NOTES (a refund approval may read several lines). */
const EXPECTED: Record<'en' | 'zh-Hant', string[]> = {
  en: [
    'Wallet · payment 202611288245105817P1',
    'No longer needed',
    'Delivery address changed',
    'Note changed',
    'Chunghwa Post · tracking number RR123456789TW',
    'Refunded NT$129',
    'Partial refund: NT$1 of NT$129',
    'Installed eSIM refunded in full: 8988600000000000017, 8988600000000000025',
    'Reason: network outage',
    'Reason: Please return the card first',
    'wallet 202611288245105817P9',
  ],
  'zh-Hant': [
    '錢包餘額 · 付款單 202611288245105817P1',
    '不想要了',
    '修改收貨地址',
    '修改備註',
    'Chunghwa Post · 追蹤號碼 RR123456789TW',
    '退款 NT$129',
    '部分退款：NT$1（申請 NT$129）',
    '已安裝的 eSIM 全額退款：8988600000000000017, 8988600000000000025',
    '原因：network outage',
    '原因：Please return the card first',
    'wallet 202611288245105817P9',
  ],
};

const REASON_NAMES: Record<string, string> = { en: 'No longer needed', 'zh-Hant': '不想要了' };

beforeEach(() => {
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe.each(['en', 'zh-Hant'] as const)('order log notes in %s', (lang) => {
  it('names each kind from its params, and shows an old entry its text', async () => {
    await i18n.changeLanguage(lang);
    mockApi(
      // the shop's refundReason dictionary answers in the request's language
      on('app/dict/info/data', (c) =>
        ok({
          refundReason: [
            {
              id: 1,
              name: REASON_NAMES[c.headers.language ?? ''] ?? '?',
              value: 'no_longer_needed',
              orderNum: 0,
            },
          ],
        }),
      ),
    );
    renderConsole(
      <Route
        path="/log"
        element={
          <ul>
            {NOTES.map((note, i) => (
              <li key={i}>
                <LogNote note={note} />
              </li>
            ))}
          </ul>
        }
      />,
      '/log',
    );
    await screen.findByText(REASON_NAMES[lang]!);
    const shown = screen
      .getAllByRole('listitem')
      .flatMap((li) => (li.children.length ? [...li.children].map((c) => c.textContent) : [li.textContent]));
    expect(shown).toEqual(EXPECTED[lang]);
  });
});
