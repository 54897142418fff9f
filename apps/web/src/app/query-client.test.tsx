import { render, screen, fireEvent } from '@testing-library/react';
import { QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NET_CODE_TIMEOUT_OR_NETWORK } from '@simshop/contracts';
import { LoadError, Loading } from '../shared';
import { setLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { RequestError } from '../lib/request';

function Reader({ fetcher }: { fetcher: () => Promise<string> }) {
  const q = useQuery({ queryKey: ['offline-probe'], queryFn: fetcher });
  if (q.isPending) return <Loading />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <p>{q.data}</p>;
}

beforeAll(() => setLanguage('en'));
afterEach(() => {
  onlineManager.setOnline(true);
  queryClient.clear();
});

describe('queryClient', () => {
  it('shows the error and a retry within a few seconds when offline, not a spinner that never ends', async () => {
    onlineManager.setOnline(false);
    const fetcher = vi.fn(async (): Promise<string> => {
      throw new RequestError('Network error', NET_CODE_TIMEOUT_OR_NETWORK);
    });
    const started = Date.now();
    render(
      <QueryClientProvider client={queryClient}>
        <Reader fetcher={fetcher} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fetcher).toHaveBeenCalledTimes(2);

    fetcher.mockResolvedValueOnce('Japan eSIM');
    fireEvent.click(screen.getByRole('button', { name: 'Tap to retry' }));
    expect(await screen.findByText('Japan eSIM')).toBeTruthy();
  });
});
