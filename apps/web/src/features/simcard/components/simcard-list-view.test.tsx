import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { ICCID, cardDetail } from '../test/fixtures';
import { sessionStore } from '../../../lib/session';
import { AlertSetting } from './alert-setting';
import { SimAlertBadge } from './alert-badge';
import { SimCardListView } from './simcard-list-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const PHYSICAL = '8988600000000000002'; // valid Luhn
const card = cardDetail();
const calls: { url: string; data?: unknown }[] = [];

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  calls.length = 0;
  request.mockReset();
  request.mockImplementation(async ({ url, data }: { url: string; data?: unknown }) => {
    calls.push({ url, data });
    if (url === 'app/simcard/iccid/list') {
      return {
        items: [
          card,
          {
            ...card,
            iccid: PHYSICAL,
            kind: 'physical',
            status: 'expired',
            dataLeftBytes: 0,
            validUntil: null,
          },
        ],
        unreadNotices: 1,
      };
    }
    if (url === 'app/simcard/iccid/notices') {
      return {
        list: [
          {
            id: 7,
            kind: 'low_data',
            iccid: ICCID,
            params: { planName: 'Japan 5 GB', leftMb: 420, thresholdMb: 500 },
            read: false,
            createdAt: new Date().toISOString(),
          },
        ],
        pagination: { page: 1, size: 20, total: 1 },
      };
    }
    if (url === 'app/simcard/iccid/notices/unread') return { count: 3 };
    if (url === 'app/simcard/iccid/notices/read') return { count: 0 };
    if (url === 'app/simcard/iccid/bind') return { ...card, iccid: PHYSICAL };
    if (url === 'app/simcard/iccid/alert') {
      const body = data as { iccid: string; thresholdMb: number | null };
      return { iccid: body.iccid, lowDataAlertMb: body.thresholdMb };
    }
    throw new Error(`unexpected call ${url}`);
  });
});

describe('SimCardListView', () => {
  it('lists each card with its plan, status, data-left bar and expiry, linking to its detail', async () => {
    render(withApp(<SimCardListView />));
    const links = await screen.findAllByRole('link', { name: /Japan 5 GB/ });
    expect(links[0]!.getAttribute('href')).toBe(`/pages/user/simcard/detail?iccid=${ICCID}`);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    const bars = screen.getAllByRole('progressbar', { name: 'Data left' });
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['24', '0']);
    expect(screen.getByText('1.2 GB left of 5 GB')).toBeTruthy();
    expect(screen.getAllByText(/^Valid until /)).toHaveLength(1);
    expect(screen.getByText('Validity starts when first used')).toBeTruthy();
    expect(screen.getByText('New alerts: 1')).toBeTruthy();
  });

  it('opens the alerts, with a one-tap top-up on a low-data alert, and marks them read', async () => {
    render(withApp(<SimCardListView />));
    fireEvent.click(await screen.findByRole('button', { name: 'New alerts: 1' }));
    expect(await screen.findByText('Japan 5 GB: 420 MB left, below your 500 MB alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      `/pages/goods/detail?id=9&iccid=${ICCID}`,
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'app/simcard/iccid/notices/read')?.data).toEqual({ ids: [7] }),
    );
  });

  it('binds a physical card only with a valid ICCID (Luhn), spaces ignored', async () => {
    render(withApp(<SimCardListView />));
    fireEvent.click(await screen.findByRole('button', { name: 'Bind a physical SIM card' }));
    const input = await screen.findByRole('textbox', { name: 'ICCID (the number printed on the card)' });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the ICCID printed on the card');
    fireEvent.change(input, { target: { value: '8988600000000000007' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This ICCID is not valid: check the digits');
    expect(calls.some((c) => c.url === 'app/simcard/iccid/bind')).toBe(false);
    fireEvent.change(input, { target: { value: '8988 6000 0000 0000 002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'app/simcard/iccid/bind')?.data).toEqual({ iccid: PHYSICAL }),
    );
  });
});

describe('BindCard (issue 25 defect 11)', () => {
  it('sends the printed bind code with the ICCID, and shows the server’s refusal as it says it', async () => {
    const refusal =
      'This SIM card was not sold to you: bind a card that came with your order, or enter the bind code printed with the card';
    request.mockImplementation(async ({ url, data }: { url: string; data?: unknown }) => {
      calls.push({ url, data });
      if (url === 'app/simcard/iccid/list') return { items: [], unreadNotices: 0 };
      if (url === 'app/simcard/iccid/notices/unread') return { count: 0 };
      if (url === 'app/simcard/iccid/bind') throw Object.assign(new Error(refusal), { code: 7212 });
      throw new Error(`unexpected call ${url}`);
    });
    render(withApp(<SimCardListView />));
    fireEvent.click(await screen.findByRole('button', { name: 'Bind a physical SIM card' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'ICCID (the number printed on the card)' }), {
      target: { value: PHYSICAL },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Bind code (printed with the card)' }), {
      target: { value: ' K7MQ-2XPA ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'app/simcard/iccid/bind')?.data).toEqual({
        iccid: PHYSICAL,
        bindCode: 'K7MQ2XPA',
      }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});

describe('AlertSetting', () => {
  it('saves a threshold in whole MB, refuses nonsense, and turns it off', async () => {
    const { rerender } = render(withApp(<AlertSetting card={card} />));
    const input = screen.getByRole('textbox', { name: 'Alert below (MB)' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a whole number of MB from 1 to 1000000',
    );
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'app/simcard/iccid/alert')?.data).toEqual({
        iccid: ICCID,
        thresholdMb: 300,
      }),
    );
    rerender(withApp(<AlertSetting card={{ ...card, lowDataAlertMb: 300 }} />));
    expect(screen.getByText(/Alert below 300 MB/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(calls.at(-1)?.data).toEqual({ iccid: ICCID, thresholdMb: null }));
  });
});

describe('SimAlertBadge', () => {
  it('shows the unread alerts to a signed-in buyer only', async () => {
    sessionStore.setTokens({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 7200 } as never);
    const { unmount } = render(withApp(<SimAlertBadge />));
    const badge = await screen.findByTestId('sim-alert-badge');
    expect(badge.querySelector('.sr-only')?.textContent).toBe('New alerts: 3');
    expect(badge.querySelector('[aria-hidden]')?.textContent).toBe('3');
    unmount();
    sessionStore.logout();
    render(withApp(<SimAlertBadge />));
    expect(screen.queryByTestId('sim-alert-badge')).toBeNull();
  });
});
