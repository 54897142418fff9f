import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { withApp } from '../../../test/app';
import { FakeSocket } from '../../../test/fake-socket';
import { ChatView } from './chat-view';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const latest = () => FakeSocket.all.at(-1)!;

const msg = (over: Record<string, unknown>) => ({
  id: 1,
  sessionId: 5,
  clientId: null,
  sender: 'admin',
  senderName: 'Ann',
  type: 'text',
  text: '',
  picture: null,
  order: null,
  goods: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  read: false,
  ...over,
});

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.clear();
  sessionStore.setTokens({ token: 'tok-1', expire: 7200, refreshToken: 'r', refreshExpire: 86400 });
  request.mockReset();
  request.mockImplementation(async ({ url, data }: { url: string; data?: { afterId?: number } }) => {
    if (url === 'app/cs/msg/unreadCount') return { count: 0 };
    if (url === 'app/cs/session/create')
      return {
        id: 5,
        status: 'open',
        adminName: null,
        unreadCount: 0,
        peerReadId: 0,
        lastMessage: null,
        createdAt: '',
        lastMessageAt: '',
      };
    if (url === 'app/cs/msg/page')
      return data?.afterId !== undefined
        ? { list: [], pagination: { page: 1, size: 100, total: 0 } }
        : {
            list: [msg({ text: '<b>hi</b><img src=x onerror=alert(1)>' })],
            pagination: { page: 1, size: 30, total: 1 },
          };
    if (url === 'app/cs/msg/read') return { lastReadId: 1, unreadCount: 0 };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatView', () => {
  it('shows HTML in a message as text, never as markup', async () => {
    const { container } = render(withApp(<ChatView />));
    await screen.findByText('<b>hi</b><img src=x onerror=alert(1)>');
    expect(container.querySelector('.cs-messages b')).toBeNull();
    expect(container.querySelector('.cs-messages img')).toBeNull();
  });

  it('authenticates in the first frame, not the URL, and re-authenticates when the token is refreshed', async () => {
    render(withApp(<ChatView />));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(latest().url).not.toContain('tok-1');
    act(() => latest().open());
    expect(latest().sent[0]).toEqual({ type: 'auth', token: 'tok-1' });
    act(() =>
      sessionStore.setTokens({ token: 'tok-2', expire: 7200, refreshToken: 'r2', refreshExpire: 86400 }),
    );
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', token: 'tok-2' });
  });

  it('queues a message typed before the socket is ready and resends it under the same client id until acked', async () => {
    render(withApp(<ChatView />));
    await screen.findByText('<b>hi</b><img src=x onerror=alert(1)>');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'typed offline' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Waiting for network');
    const queued = JSON.parse(localStorage.getItem('cs.outbox.me') ?? '[]');
    expect(queued).toHaveLength(1);
    const clientId = queued[0].clientId as string;

    // first connection: ready, the queue goes out, but the connection drops before the ack
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    act(() => latest().open());
    act(() => latest().serve({ type: 'ready', subject: 'user' }));
    await waitFor(() =>
      expect(
        latest()
          .sent.filter((f) => f.type === 'send')
          .map((f) => f.msg.clientId),
      ).toEqual([clientId]),
    );
    const first = latest();
    act(() => first.close());
    // reconnect (backoff): the same message goes out again with the same client id, then is acked once
    await waitFor(() => expect(FakeSocket.all.length).toBe(2), { timeout: 3000 });
    act(() => latest().open());
    act(() => latest().serve({ type: 'ready', subject: 'user' }));
    await waitFor(() => expect(latest().sent.find((f) => f.type === 'send')?.msg.clientId).toBe(clientId));
    act(() =>
      latest().serve({
        type: 'ack',
        clientId,
        message: msg({ id: 2, clientId, sender: 'user', senderName: 'me', text: 'typed offline' }),
      }),
    );
    await waitFor(() => expect(screen.queryByText('Waiting for network')).toBeNull());
    expect(screen.getAllByText('typed offline')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('cs.outbox.me') ?? '[]')).toEqual([]);
  });
});
