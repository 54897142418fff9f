import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog } from 'antd-mobile';
import type { PlanWarning } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { confirmRightPlan } from './plan-confirm';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const answer = (warnings: PlanWarning[]) =>
  request.mockImplementation(async (opts: { url: string }) => {
    if (opts.url === 'app/goods/trip/check') return { warnings };
    throw new Error(`unexpected call ${opts.url}`);
  });
const AU = { code: 'AU', name: 'Australia' };
const AT = { code: 'AT', name: 'Austria' };

beforeAll(() => setLanguage('en'));
afterEach(() => {
  Dialog.clear();
  queryClient.clear();
  request.mockReset();
});

describe('never the wrong plan', () => {
  it('goes on without a question when nothing looks wrong', async () => {
    answer([]);
    await expect(confirmRightPlan({ goodsId: 1 })).resolves.toBe(true);
  });

  it('asks about a confusable country and a short plan, and stops when the buyer wants to check', async () => {
    answer([
      { kind: 'confusable', country: AU, otherwise: [AT] },
      { kind: 'validity', tripDays: 10, validityDays: 7 },
    ]);
    const asked = confirmRightPlan({ goodsId: 1, specId: 2, from: '2026-12-01', to: '2026-12-10' });
    expect(await screen.findByText('This plan is for Australia, not Austria.')).toBeTruthy();
    expect(screen.getByText('Your trip lasts 10 days but this plan lasts 7 days.')).toBeTruthy();
    fireEvent.click(screen.getByText('Let me check'));
    await expect(asked).resolves.toBe(false);
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'app/goods/trip/check',
        params: { goodsId: 1, specId: 2, from: '2026-12-01', to: '2026-12-10' },
      }),
    );
  });

  it('goes on once the buyer confirms their home country plan, in their language', async () => {
    await setLanguage('zh-Hant');
    answer([{ kind: 'home', country: { code: 'TW', name: '台灣' } }]);
    const asked = confirmRightPlan({ goodsId: 1 });
    expect(await screen.findByText(/此方案適用於台灣，即您自己的國家或地區/)).toBeTruthy();
    fireEvent.click(screen.getByText('是的，就這個'));
    await expect(asked).resolves.toBe(true);
    await setLanguage('en');
  });

  it('does not block the purchase when the check does not answer', async () => {
    request.mockRejectedValue(new Error('offline'));
    await expect(confirmRightPlan({ goodsId: 1 })).resolves.toBe(true);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
  });
});
