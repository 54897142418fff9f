import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { mockApi, ok, on } from '../../test/fetch-mock';
import { renderConsole, Route } from '../../test/render';
import { PlanLadderAlert } from './plan-ladder';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => vi.unstubAllGlobals());

describe('honest plans: price ladders', () => {
  it('warns of a plan dearer than a longer one of the same goods, off sale too', async () => {
    mockApi(
      on('admin/goods/planLadder/list', () =>
        ok([
          {
            goodsId: 7,
            title: 'Japan eSIM',
            onSale: false,
            dearer: { specId: 1, name: 'Unlimited / 5 days', price: 59900 },
            better: { specId: 2, name: 'Unlimited / 7 days', price: 49900 },
            more: 'days',
          },
        ]),
      ),
    );
    renderConsole(<Route path="/goods" element={<PlanLadderAlert />} />, '/goods');
    expect(await screen.findByText('Price ladders to fix: 1')).toBeTruthy();
    expect(
      screen.getByText(
        /Japan eSIM: “Unlimited \/ 5 days” costs .*599.*, more than “Unlimited \/ 7 days” at .*499.*, which gives more days \(Off sale\)/,
      ),
    ).toBeTruthy();
  });
});
