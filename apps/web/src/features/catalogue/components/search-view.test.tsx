import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_DEBOUNCE_MS } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { SEARCH_HISTORY_KEY } from '../model/search-history';
import { card, page, probe, withApp } from '../test/fixtures';
import { SearchView } from './search-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const CATALOGUE = [card(1, 'Japan 5 GB'), card(2, 'Japan unlimited'), card(3, 'Korea 3 GB')];
const goodsCalls = () => request.mock.calls.map((c) => c[0]).filter((o) => o.url === 'app/goods/info/page');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  localStorage.clear();
  request.mockReset();
  request.mockImplementation(async (opts: { url: string; data?: { keyWord?: string } }) => {
    if (opts.url === 'app/goods/searchKeyword/list')
      return [
        { id: 1, keyword: 'Japan', orderNum: 1 },
        { id: 2, keyword: 'Europe', orderNum: 2 },
      ];
    if (opts.url === 'app/goods/info/page') {
      const k = (opts.data?.keyWord ?? '').toLowerCase();
      return page(CATALOGUE.filter((g) => g.title.toLowerCase().includes(k)));
    }
    throw new Error(`unexpected call ${opts.url}`);
  });
});
afterEach(() => localStorage.clear());

const input = () => screen.getByRole('searchbox', { name: 'Search goods' });
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('SearchView', () => {
  it('shows the hot keywords from the server before anything is typed', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    const hot = await screen.findByRole('region', { name: 'Popular searches' });
    const chips = await within(hot).findAllByRole('button');
    expect(chips.map((b) => b.textContent)).toEqual(['Japan', 'Europe']);
    expect(goodsCalls()).toHaveLength(0);
  });

  it('searches once the typing pauses for 100 ms, with the last text only', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    type('J');
    type('Ja');
    type('Jap');
    await sleep(INPUT_DEBOUNCE_MS / 2);
    expect(goodsCalls()).toHaveLength(0);
    type('Japan');
    await screen.findByRole('link', { name: /Japan 5 GB/ });
    expect(goodsCalls()).toHaveLength(1);
    expect(goodsCalls()[0].data).toMatchObject({ keyWord: 'Japan', order: 'default', page: 1 });
    expect(screen.getByRole('link', { name: /Japan unlimited/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Korea/ })).toBeNull();
    // the settled term is kept in the address, so coming back shows the same results
    await waitFor(() => expect(new URLSearchParams(probe.location.search).get('keyWord')).toBe('Japan'));
  });

  it('says so when nothing matches', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    type('Atlantis');
    expect(await screen.findByText(/Nothing found for “Atlantis”/)).toBeTruthy();
  });

  it('keeps searched terms in this browser, newest first, and clears them on request', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    type('Korea');
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('link', { name: /Korea 3 GB/ });
    type('Japan');
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('link', { name: /Japan 5 GB/ });
    type('');
    const history = await screen.findByRole('region', { name: 'Recent searches' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Japan', 'Korea']);
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['Japan', 'Korea']);

    // tapping a past term searches it again and moves it to the front
    fireEvent.click(within(history).getByRole('button', { name: 'Korea' }));
    expect(input()).toHaveProperty('value', 'Korea');
    await screen.findByRole('link', { name: /Korea 3 GB/ });
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['Korea', 'Japan']);

    type('');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull());
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('puts a hot keyword in the box, searches it and remembers it', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    const hot = await screen.findByRole('region', { name: 'Popular searches' });
    fireEvent.click(await within(hot).findByRole('button', { name: 'Japan' }));
    expect(input()).toHaveProperty('value', 'Japan');
    await screen.findByRole('link', { name: /Japan unlimited/ });
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['Japan']);
  });

  it('remembers the term when a result is opened', async () => {
    render(withApp(<SearchView />, '/pages/goods/search'));
    type('unlimited');
    fireEvent.click(await screen.findByRole('link', { name: /Japan unlimited/ }));
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['unlimited']);
    expect(probe.location.pathname + probe.location.search).toBe('/pages/goods/detail?id=2');
  });
});
