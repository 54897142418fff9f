import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { Page } from './page';

beforeAll(() => setLanguage('en'));

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const touch = (el: Element, type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
  fireEvent[type](el, { touches: type === 'touchEnd' ? [] : [{ clientY: y }] });

describe('Page', () => {
  it('has one main landmark and one level-1 heading, the title, also as document title', () => {
    inRouter(
      <Page title="My orders">
        <p>content</p>
      </Page>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My orders']);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(document.title).toBe('My orders · SimShop');
  });

  it('keeps one h1 on a custom-navbar page, which draws its own bar', () => {
    inRouter(
      <Page title="Home" navbar="custom" header={<div role="banner">search bar</div>}>
        <p>content</p>
      </Page>,
    );
    expect(screen.getByRole('banner').textContent).toBe('search bar');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Home']);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('refreshes when pulled past the threshold, naming each state', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((r) => (finish = r)));
    inRouter(
      <Page title="Orders" onRefresh={onRefresh}>
        <p>list</p>
      </Page>,
    );
    const area = screen.getByText('list').parentElement!;
    touch(area, 'touchStart', 0);
    touch(area, 'touchMove', 40); // 20 px of head: below the 45 threshold
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    touch(area, 'touchMove', 120); // 60 px
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    touch(area, 'touchEnd', 120);
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByText('Refreshed')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByText('Refreshed')).toBeNull();
    vi.useRealTimers();
  });

  it('cancels when let go before the threshold, and never pulls past the 150 range', () => {
    const onRefresh = vi.fn(async () => {});
    inRouter(
      <Page title="Orders" onRefresh={onRefresh}>
        <p>list</p>
      </Page>,
    );
    const area = screen.getByText('list').parentElement!;
    const head = area.firstElementChild as HTMLElement;
    touch(area, 'touchStart', 0);
    touch(area, 'touchMove', 1000);
    expect(head.style.height).toBe('150px');
    touch(area, 'touchMove', 30);
    touch(area, 'touchEnd', 30);
    expect(screen.getByText('Refresh cancelled')).toBeTruthy();
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
