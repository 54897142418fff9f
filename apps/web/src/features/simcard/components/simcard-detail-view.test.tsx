import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { NET_CODE_TIMEOUT_OR_NETWORK, type SimCardDetail } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request';
import { sessionStore } from '../../../lib/session';
import { withApp } from '../../../test/app';
import { clearOfflineCards, loadOfflineCard } from '../model/offline-cards';
import { CODE, ICCID, cardDetail } from '../test/fixtures';
import { SimCardDetailView } from './simcard-detail-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', async (orig) => ({
  ...(await orig<typeof import('../../../lib/request')>()),
  request,
  upload: vi.fn(),
}));

const IOS_17_4 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IOS_17_3 = IOS_17_4.replace('17_4', '17_3');
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let detail: SimCardDetail;
const asUser = (id: string) => sessionStore.setUser({ id } as never);
const show = (ua = ANDROID) => render(withApp(<SimCardDetailView iccid={ICCID} userAgent={ua} />));

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  localStorage.clear();
  asUser('u1');
  detail = cardDetail();
  request.mockReset();
  request.mockImplementation(async ({ url, params }: { url: string; params?: { iccid?: string } }) => {
    if (url === 'app/simcard/iccid/detail' && params?.iccid === ICCID) return detail;
    throw new Error(`unexpected call ${url}`);
  });
});

describe('SimCardDetailView', () => {
  it('shows the ICCID in groups of four, the QR of the full LPA string (error correction M) and the codes', async () => {
    show();
    expect(await screen.findByTestId('sim-iccid')).toHaveProperty('textContent', '8981 1000 0000 0000 010');
    const qr = await screen.findByRole('img', { name: 'eSIM activation QR code' });
    const svg = await QRCode.toString(CODE, { errorCorrectionLevel: 'M', margin: 4, type: 'svg' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    // a level-M code of this string differs from the default level's: the page really asked for M
    const other = await QRCode.toString(CODE, { errorCorrectionLevel: 'L', margin: 4, type: 'svg' });
    expect(svg).not.toBe(other);
    expect(screen.getByText('smdp.sim.example')).toBeTruthy();
    expect(screen.getByText('K2-1A2B3C-4D5E6F')).toBeTruthy();
    expect(screen.getByText('4821')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Confirmation code' })).toBeTruthy();
  });

  it('offers the one-tap install link only on iOS 17.4 or later', async () => {
    const { unmount } = show(IOS_17_4);
    const link = await screen.findByRole('link', { name: 'Install on this iPhone' });
    expect(link.getAttribute('href')).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(CODE)}`,
    );
    unmount();
    for (const ua of [IOS_17_3, ANDROID]) {
      const r = show(ua);
      await screen.findByTestId('sim-iccid');
      expect(screen.queryByRole('link', { name: 'Install on this iPhone' })).toBeNull();
      r.unmount();
    }
  });

  it('hides the confirmation code when the profile needs none', async () => {
    detail = cardDetail({ activation: { ...cardDetail().activation!, confirmationCode: null } });
    show();
    await screen.findByTestId('sim-iccid');
    expect(screen.queryByText('Confirmation code')).toBeNull();
  });

  it('shows usage as of its time, the forecast, validity, and a top-up carrying the ICCID', async () => {
    show();
    expect((await screen.findByTestId('sim-as-of')).textContent).toMatch(/^As of /);
    // 1.2 GB left at 50 MB an hour: about a day, well inside the 5 days of validity
    expect(screen.getByTestId('sim-forecast').textContent).toMatch(/^At this pace, 1\.2 GB lasts until /);
    const bar = screen.getByRole('progressbar', { name: 'Data left' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByTestId('sim-topup-rule').textContent).toMatch(
      /^A top-up adds its data to this card at once and extends the validity by its days, counted from the current end \(.+\): nothing waits in a queue\.$/,
    );
    expect(screen.getByRole('link', { name: 'Top up data' }).getAttribute('href')).toBe(
      `/pages/goods/detail?id=9&iccid=${ICCID}`,
    );
    const validity = within(screen.getByRole('region', { name: 'Validity' }));
    expect(validity.getByText('Ends, your time')).toBeTruthy();
    expect(screen.getByTestId('sim-validity-rule').textContent).toBe(
      '7 days, counted from the first connection at the destination',
    );
    // the same instant at the destination, named by its zone (the fixture's plan is Japan's)
    const there = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZoneName: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(detail.validUntil!));
    expect(screen.getByTestId('sim-ends-there').textContent).toBe(there);
    expect(there).toMatch(/GMT\+9$/);
  });

  it('refreshes usage now and shows the new reading; names the card', async () => {
    const fresh = { ...detail, usageAsOf: new Date().toISOString(), dataUsedBytes: detail.dataUsedBytes + 1 };
    let label: string | null = null;
    request.mockImplementation(async ({ url, params, data }) => {
      if (url === 'app/simcard/iccid/detail' && params?.iccid === ICCID) return { ...detail, label };
      if (url === 'app/simcard/iccid/refresh' && data?.iccid === ICCID) {
        detail = fresh;
        return fresh;
      }
      if (url === 'app/simcard/iccid/label' && data?.iccid === ICCID) {
        label = data.label as string | null;
        return { iccid: ICCID, label };
      }
      throw new Error(`unexpected call ${url}`);
    });
    show();
    (await screen.findByTestId('sim-refresh')).click();
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: 'app/simcard/iccid/refresh' })),
    );
    screen.getByRole('button', { name: 'Name this card' }).click();
    const input = (await screen.findByTestId('sim-label-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "Mum's phone" } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId('sim-label')).textContent).toBe("Mum's phone");
  });

  it('says the data outlasts the plan when nothing is being used', async () => {
    detail = cardDetail({ usageHistory: cardDetail().usageHistory.map((p) => ({ ...p, usedMb: 10 })) });
    show();
    expect((await screen.findByTestId('sim-forecast')).textContent).toBe(
      'At this pace, 1.2 GB outlasts your plan',
    );
  });

  it('keeps the card for this user and shows it, QR and codes, when the network is gone', async () => {
    const first = show();
    await screen.findByRole('img', { name: 'eSIM activation QR code' });
    await waitFor(() => expect(loadOfflineCard('u1', ICCID)?.detail.iccid).toBe(ICCID));
    first.unmount();

    request.mockRejectedValue(new RequestError('Network error', NET_CODE_TIMEOUT_OR_NETWORK));
    show();
    expect((await screen.findByRole('status')).textContent).toMatch(/^Offline: showing what was saved on /);
    expect(await screen.findByRole('img', { name: 'eSIM activation QR code' })).toBeTruthy();
    expect(screen.getByText('K2-1A2B3C-4D5E6F')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it("never shows one user's stored card to another, and forgets all of them at logout", async () => {
    const first = show();
    await waitFor(() => expect(loadOfflineCard('u1', ICCID)).not.toBeNull());
    first.unmount();
    request.mockRejectedValue(new RequestError('Network error', NET_CODE_TIMEOUT_OR_NETWORK));
    asUser('u2');
    show();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Network error'),
    );
    expect(screen.queryByRole('img', { name: 'eSIM activation QR code' })).toBeNull();
    clearOfflineCards();
    expect(loadOfflineCard('u1', ICCID)).toBeNull();
  });

  it("says the card is not found when the server refuses it (someone else's card)", async () => {
    request.mockRejectedValue(new RequestError('Not found', 1004));
    show();
    expect(await screen.findByText(/This SIM card was not found/)).toBeTruthy();
  });
});
