import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ID, resetFirstScreen } from '../../../lib/first-screen';
import { prefetchTripDestinations, tripDestinationsQuery } from './trip.api';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const DESTINATIONS = [{ kind: 'country', code: 'JP', name: 'Japan', flag: '/f.svg', minPrice: 12900 }];

beforeEach(() => {
  request.mockReset();
  request.mockResolvedValue(DESTINATIONS);
});
afterEach(() => {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  resetFirstScreen();
});

/** Writes a first-screen block into the document as the server does (apps/server platform/static). */
function serve(calls: unknown[]) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = FIRST_SCREEN_ID;
  el.textContent = JSON.stringify({ lang: 'en', servedAt: Date.now(), calls });
  document.body.append(el);
  resetFirstScreen();
}

// Issue 27 (Lighthouse): the planner and the landing page have their destinations before they render.
describe('the trip planner opened first', () => {
  it('takes the destinations from the page the server served: no call', async () => {
    serve([
      {
        call: 'GET app/goods/destinations',
        input: { limit: 300 },
        body: { code: 1000, data: DESTINATIONS, message: 'success' },
      },
    ]);
    const client = new QueryClient();
    await prefetchTripDestinations(client, 'en');
    expect(request).not.toHaveBeenCalled();
    expect(client.getQueryData(tripDestinationsQuery('en').queryKey)).toEqual(DESTINATIONS);
  });

  it('else asks for them at once, as the planner will, and a failure is left to the page', async () => {
    const client = new QueryClient();
    await prefetchTripDestinations(client, 'en');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toMatchObject({
      url: 'app/goods/destinations',
      params: { limit: 300 },
    });
    expect(client.getQueryData(tripDestinationsQuery('en').queryKey)).toEqual(DESTINATIONS);
    request.mockRejectedValue(new Error('offline'));
    await expect(prefetchTripDestinations(new QueryClient(), 'fr')).resolves.toBeUndefined();
  });
});
