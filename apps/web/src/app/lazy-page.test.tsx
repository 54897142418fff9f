import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { reloadApp } from '../lib/navigation';
import { lazyPage } from './lazy-page';

vi.mock('../lib/navigation', async (original) => ({
  ...(await original<typeof import('../lib/navigation')>()),
  reloadApp: vi.fn(),
}));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const Loaded = () => <main>loaded page</main>;

beforeAll(() => setLanguage('en'));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('lazy page', () => {
  it('shows nothing for the first 200 ms, then a loading indicator, then the page', async () => {
    const d = deferred<{ default: typeof Loaded }>();
    const Page = lazyPage(() => d.promise);
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await act(async () => d.resolve({ default: Loaded }));
    expect(screen.getByText('loaded page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never flashes the indicator when the page arrives within 200 ms', async () => {
    const Page = lazyPage(async () => ({ default: Loaded }));
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('loaded page')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('on failure shows a tappable message that reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(() => Promise.reject(new Error('chunk missing')));
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const retry = screen.getByRole('alert');
    expect(retry.textContent).toBe('Failed to load. Tap to retry');
    fireEvent.click(retry);
    expect(reloadApp).toHaveBeenCalledTimes(1);
  });

  it('gives up after 60 s', async () => {
    const Page = lazyPage(() => new Promise(() => {}));
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load. Tap to retry');
  });
});
