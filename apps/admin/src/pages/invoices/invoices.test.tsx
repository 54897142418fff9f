import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../lib/i18n';
import { invoiceTexts } from '../../locales/invoices';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { InvoicePage } from './invoices';

const en = invoiceTexts.en.invoices;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

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
      on('admin/invoice/track/list', () =>
        ok({ list: [{ id: 1, period: '202611', prefix: 'AB', start: 0, end: 49, next: 50, left: 0 }] }),
      ),
      on('admin/invoice/track/blanks', () => ok({ list: [] })),
      on('admin/invoice/track/add', () => ok({ id: 2 })),
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
    fireEvent.click(screen.getByRole('button', { name: en.retry }));
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
});
