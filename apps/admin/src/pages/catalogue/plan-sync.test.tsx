import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../locales/en';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { PlanSync } from './plan-sync';

const defaults = { markupPercent: 40, fxRate: 32 };
const fromConfig = { ...defaults, source: 'config', defaults, adminId: null, updatedAt: null };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

describe('plan partner pricing', () => {
  it('shows the rule in force and saves the markup and FX rate the next sync uses', async () => {
    const calls = mockApi(
      on('admin/simcard/pricing/info', () => ok(fromConfig)),
      on('admin/simcard/pricing/update', (c) =>
        ok({
          ...(c.body as object),
          source: 'operator',
          defaults,
          adminId: 3,
          updatedAt: '2026-11-23T10:00:00.000Z',
        }),
      ),
    );
    renderConsole(<Route path="/sync" element={<PlanSync />} />, '/sync');
    const markup = await screen.findByLabelText(en.planSync.markup);
    await waitFor(() => expect((markup as HTMLInputElement).value).toBe('40'));
    expect(screen.getByText(en.planSync.source.config)).toBeTruthy();
    fireEvent.change(markup, { target: { value: '55.5' } });
    fireEvent.change(screen.getByLabelText(en.planSync.fxRate), { target: { value: '31.2' } });
    fireEvent.click(screen.getByRole('button', { name: en.buttons.save }));
    await screen.findByText(en.planSync.source.operator);
    const sent = calls.find((c) => c.url === '/api/admin/simcard/pricing/update');
    expect(sent?.body).toEqual({ markupPercent: 55.5, fxRate: 31.2 });
    expect(screen.getByRole('button', { name: en.planSync.reset })).toBeTruthy();
  });

  it('refuses an empty markup before sending anything', async () => {
    const calls = mockApi(on('admin/simcard/pricing/info', () => ok(fromConfig)));
    renderConsole(<Route path="/sync" element={<PlanSync />} />, '/sync');
    const markup = await screen.findByLabelText(en.planSync.markup);
    await waitFor(() => expect((markup as HTMLInputElement).value).toBe('40'));
    fireEvent.change(markup, { target: { value: '' } });
    fireEvent.blur(markup);
    fireEvent.click(screen.getByRole('button', { name: en.buttons.save }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(calls.some((c) => c.url.includes('pricing/update'))).toBe(false);
  });
});
