import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../locales/en';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { SimIssueButton } from './sim-issue';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

describe('physical SIM cards going out (issue 25 defect 11)', () => {
  it('enters the ICCIDs with the order they ship with and shows each bind code once, to print', async () => {
    const calls = mockApi(
      on('admin/simcard/physical/issue', (c) =>
        ok({
          cards: (c.body as { iccids: string[] }).iccids.map((iccid, i) => ({
            iccid,
            bindCode: `K7MQ2XP${i + 2}`,
          })),
        }),
      ),
    );
    renderConsole(<Route path="/d" element={<SimIssueButton />} />, '/d');
    fireEvent.click(await screen.findByRole('button', { name: en.simIssue.open }));
    fireEvent.change(await screen.findByLabelText(en.simIssue.iccids), {
      target: { value: '89852400000009000019\n 8985240000000900002 ' },
    });
    fireEvent.change(screen.getByLabelText(en.simIssue.orderId), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: en.simIssue.submit }));
    expect(await screen.findByText('K7MQ2XP2')).toBeTruthy();
    expect(screen.getByText('K7MQ2XP3')).toBeTruthy();
    expect(screen.getByText(en.simIssue.printOnce)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/simcard/physical/issue')?.body).toEqual({
        iccids: ['89852400000009000019', '8985240000000900002'],
        orderId: 42,
      }),
    );
  });
});
