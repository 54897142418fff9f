import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { CardsPanel } from './cards-panel';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const card = (iccid: string, canTopUp: boolean) => ({
  iccid,
  kind: 'esim',
  planName: 'Japan 5 GB',
  label: null,
  countries: ['JP'],
  status: canTopUp ? 'active' : 'expired',
  dataTotalBytes: 5 * 1024 ** 3,
  dataUsedBytes: 0,
  dataLeftBytes: 5 * 1024 ** 3,
  usageAsOf: null,
  validFrom: null,
  validUntil: null,
  lowDataAlertMb: null,
  lowDataAlerted: false,
  canTopUp,
  topUpGoodsId: canTopUp ? 42 : null,
  boundAt: '2026-11-01T00:00:00.000Z',
  travellerUserId: null,
  travellerName: null,
  batchId: 1,
  forecastRunsOutAt: null,
});

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async ({ url, data }: { url: string; data?: { iccids: string[] } }) => {
    if (url === 'app/company/card/list')
      return [
        card('8988000000000000001', true),
        card('8988000000000000002', false),
        card('8988000000000000003', true),
      ];
    if (url === 'app/company/member/list') return [];
    if (url === 'app/goods/info/info')
      return { id: 42, currency: 'TWD', specs: [{ id: 5, name: '1 GB 7 days', price: 10_000 }] };
    if (url === 'app/company/topup/confirm')
      return { orderId: 9, orderNo: 'N9', totalAmount: 20_000, currency: 'TWD', iccids: data?.iccids ?? [] };
    throw new Error(`unexpected call ${url}`);
  });
});

describe('CardsPanel top-up', () => {
  it('tops up the ticked eSIMs in one order; an expired one cannot be ticked', async () => {
    render(withApp(<CardsPanel />));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Top up eSIM 000001' }));
    expect(screen.getByRole('checkbox', { name: 'Top up eSIM 000002' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Top up eSIM 000003' }));
    const pkg = await screen.findByRole('combobox', { name: 'Top-up' });
    await waitFor(() => expect(screen.getByRole('option', { name: /1 GB 7 days/ })).toBeTruthy());
    fireEvent.change(pkg, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up 2 eSIMs' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        expect.objectContaining({
          url: 'app/company/topup/confirm',
          data: expect.objectContaining({
            specId: 5,
            iccids: ['8988000000000000001', '8988000000000000003'],
            all: false,
            payWay: 'transfer',
          }),
        }),
      ),
    );
    // the confirmation toast (its code loads on first use): waited for, so nothing renders after the test
    expect(await screen.findByText(/N9/)).toBeTruthy();
  });
});
