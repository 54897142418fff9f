import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoveredCountry, GoodsDetail } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { card, page, spec, withApp } from '../test/fixtures';
import { CoverageList } from './coverage-sheet';
import { EsimDevicesView } from './esim-devices-view';
import { GoodsDetailView } from './goods-detail-view';
import { PlanCards } from './plan-cards';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

// Issue 12: plans up front as cards, the coverage list, the eSIM device check, verified purchases.

const PLANS = [
  spec(21, '20 GB / 30 days', { dataMb: 20480, validityDays: 30, price: 99900, speed: '5G', hotspot: true }),
  spec(22, '1 GB / 7 days', { dataMb: 1024, validityDays: 7, price: 29900, speed: '5G', hotspot: true }),
  spec(23, 'Unlimited / 7 days', {
    dataMb: null,
    allowance: 'daily',
    validityDays: 7,
    price: 69900,
    speed: '5G',
    hotspot: false,
    highSpeedMbPerDay: 2048,
    throttleKbps: 512,
  }),
  spec(24, '5 GB / 15 days', { dataMb: 5120, validityDays: 15, price: 59900, speed: '4G', hotspot: true }),
  spec(25, '10 GB / 15 days', { dataMb: 10240, validityDays: 15, price: 79900, soldOut: true, stock: 0 }),
];

function Cards() {
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <PlanCards specs={PLANS} activation="connect" selectedId={chosen} onSelect={(s) => setChosen(s.id)} />
  );
}
const cards = () =>
  within(screen.getByRole('region', { name: /^(Plans|Forfaits|方案)$/ })).getAllByRole('button');

beforeAll(() => setLanguage('en'));
beforeEach(async () => {
  request.mockReset();
  await setLanguage('en');
});

describe('PlanCards', () => {
  it('shows every plan as a card with price, unit price, speed, hotspot and activation, sorted by length then data', () => {
    render(<Cards />);
    expect(cards().map((b) => b.querySelector('.cat-plan-name')?.textContent)).toEqual([
      '1 GB / 7 days',
      'Unlimited / 7 days',
      '5 GB / 15 days',
      '20 GB / 30 days',
      '10 GB / 15 days', // sold out: last, and disabled
    ]);
    const first = cards()[0]!;
    expect(first.textContent).toContain('NT$299');
    expect(first.textContent).toContain('NT$299/GB');
    expect(first.textContent).toContain('5G');
    expect(first.textContent).toContain('Hotspot');
    expect(first.textContent).toContain('Validity starts when it connects');
    expect(cards()[1]!.textContent).toContain('NT$99.86/day');
    expect(cards()[1]!.textContent).toContain('No hotspot');
    // an unlimited plan says what "unlimited" means (issue 27)
    expect(cards()[1]!.textContent).toContain('2 GB a day at full speed, then 512 kbps');
    expect((cards()[4] as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks the lowest price per GB as the best value and chooses a plan on tap', () => {
    render(<Cards />);
    const best = cards().filter((b) => b.textContent?.includes('Best value'));
    expect(best).toHaveLength(1);
    expect(best[0]!.textContent).toContain('20 GB / 30 days'); // NT$48.78/GB
    fireEvent.click(cards()[2]!);
    expect(cards()[2]!.getAttribute('aria-pressed')).toBe('true');
    expect(cards()[0]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('writes unit prices in the UI language', async () => {
    await setLanguage('fr');
    render(<Cards />);
    expect(cards()[0]!.textContent).toContain('NT$299/Go');
    expect(cards()[0]!.textContent).toContain('La validité démarre à la connexion');
  });
});

const COUNTRIES: CoveredCountry[] = [
  { code: 'AT', name: 'Austria', flag: '/f/at.svg', networks: [] },
  { code: 'FR', name: 'France', flag: '/f/fr.svg', networks: ['Orange', 'SFR'] },
  { code: 'DE', name: 'Germany', flag: '/f/de.svg', networks: ['Telekom'] },
];

describe('CoverageList', () => {
  it('lists the countries with their networks and filters them by name, ignoring case and accents', () => {
    render(<CoverageList countries={COUNTRIES} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Networks: Orange, SFR')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search a country' });
    fireEvent.change(search, { target: { value: 'FRÂ' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'FranceNetworks: Orange, SFR',
    ]);
    fireEvent.change(search, { target: { value: 'de' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['GermanyNetworks: Telekom']);
    fireEvent.change(search, { target: { value: 'Peru' } });
    expect(screen.getByText('No country matches "Peru".')).toBeTruthy();
  });
});

describe('the goods page', () => {
  const DETAIL: GoodsDetail = {
    ...card(7, 'Europe eSIM'),
    pictures: [],
    video: null,
    description: [],
    payWays: ['wallet'],
    freight: 0,
    coverage: [
      { code: 'EU', name: 'Europe', kind: 'region', flag: '/f/eu.svg', countries: ['AT', 'FR', 'DE'] },
    ],
    coverageCountries: COUNTRIES,
    activation: 'connect',
    type: { id: 1, name: 'eSIM plans' },
    saleType: {
      id: 1,
      code: 'esim',
      name: 'eSIM',
      description: null,
      goodsType: 1,
      canMixOrder: 1,
      orderNum: 0,
    },
    specs: PLANS,
  };
  const REVIEW = {
    id: 1,
    goodsId: 7,
    specId: 22,
    specName: '1 GB / 7 days',
    rating: 5,
    content: 'Worked all over Europe',
    pictures: [],
    anonymous: 0 as const,
    nickname: 'Mia',
    avatarUrl: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    verified: true,
  };
  beforeEach(() => {
    request.mockImplementation(async (opts: { url: string }) => {
      if (opts.url === 'app/goods/info/info') return DETAIL;
      if (opts.url === 'app/goods/comment/summary')
        return { goodsId: 7, average: 5, count: 2, withPictures: 0, ratings: [] };
      if (opts.url === 'app/goods/comment/page')
        return page([REVIEW, { ...REVIEW, id: 2, nickname: 'Leo', content: 'Fine', verified: false }]);
      throw new Error(`unexpected call ${opts.url}`);
    });
  });

  it('shows the plans up front, opens the coverage list from its chip, links the device check', async () => {
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7'));
    await screen.findByRole('heading', { name: 'Europe eSIM' });
    expect(cards()).toHaveLength(5);
    fireEvent.click(cards()[0]!);
    await waitFor(() => expect(cards()[0]!.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: /Covers 3 countries/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Countries covered (3)' });
    expect(within(sheet).getByText('Networks: Telekom')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Does my phone support eSIM\?/ }).getAttribute('href')).toBe(
      '/pages/goods/esim-devices',
    );
  });

  it('marks the reviews of verified buyers, and only those', async () => {
    render(withApp(<GoodsDetailView id={7} />, '/pages/goods/detail?id=7'));
    await screen.findByText('Worked all over Europe');
    expect(screen.getAllByText(/Verified purchase/)).toHaveLength(1);
    expect(screen.getByText('Mia').parentElement?.textContent).toContain('Verified purchase');
  });
});

describe('EsimDevicesView', () => {
  it('lists models by brand and searches them through the server', async () => {
    request.mockImplementation(async (opts: { url: string; params?: { keyWord?: string } }) => {
      if (opts.url !== 'app/goods/esimDevice/list') throw new Error(`unexpected call ${opts.url}`);
      return opts.params?.keyWord === 'pixel 8'
        ? [{ brand: 'Google', models: ['Pixel 8 Pro', 'Pixel 8'] }]
        : [
            { brand: 'Apple', models: ['iPhone 15', 'iPhone 14'] },
            { brand: 'Google', models: ['Pixel 8 Pro', 'Pixel 8', 'Pixel 7'] },
          ];
    });
    render(withApp(<EsimDevicesView />, '/pages/goods/esim-devices'));
    expect(await screen.findByRole('heading', { name: /Apple · 2 models/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a brand or model' }), {
      target: { value: 'pixel 8' },
    });
    // the list (not the phone check's model picker, which offers every model)
    await waitFor(() => expect(screen.queryByText('iPhone 15', { selector: 'li' })).toBeNull());
    expect(screen.getByText('Pixel 8 Pro', { selector: 'li' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Google · 2 models/ })).toBeTruthy();
  });

  it('knows where the phone was bought, asks about a carrier lock and checks the EID digits', async () => {
    request.mockImplementation(async (opts: { url: string }) => {
      if (opts.url !== 'app/goods/esimDevice/list') throw new Error(`unexpected call ${opts.url}`);
      return [{ brand: 'Apple', models: ['iPhone 15', 'iPhone 13 mini'] }];
    });
    render(withApp(<EsimDevicesView />, '/pages/goods/esim-devices'));
    const model = await screen.findByRole('combobox', { name: 'Your phone' });
    await screen.findByRole('option', { name: 'iPhone 15' });
    fireEvent.change(model, { target: { value: JSON.stringify(['Apple', 'iPhone 15']) } });
    expect(screen.getByText('The iPhone 15 takes an eSIM.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Where was it bought?' }), {
      target: { value: 'HK' },
    });
    expect(
      screen.getByText(/The iPhone 15 sold in Hong Kong has two physical SIM slots and no eSIM/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the physical SIM cards' }).getAttribute('href')).toContain(
      'keyWord=travel+SIM+card',
    );
    // Apple's exception: the mini from Hong Kong has eSIM
    fireEvent.change(model, { target: { value: JSON.stringify(['Apple', 'iPhone 13 mini']) } });
    expect(screen.getByText('The iPhone 13 mini takes an eSIM.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText(/ask the carrier to unlock it before you travel/)).toBeTruthy();
    const eid = screen.getByRole('textbox', { name: /Your EID/ });
    fireEvent.change(eid, { target: { value: '89049032123451234512345678901235' } });
    expect(screen.getByText('This EID is well formed.')).toBeTruthy();
    fireEvent.change(eid, { target: { value: '89049032123451234512345678901253' } });
    expect(screen.getByText(/This EID has a typo/)).toBeTruthy();
  });
});
