import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { useTabStates } from '../../../lib/tab-bar-store';
import { withApp } from '../../../test/app';
import { FakeSocket } from '../../../test/fake-socket';
import { CsUnreadBadge, CsUnreadWatcher } from './unread';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

let unread = 0;
const reply = (id: number) => ({
  type: 'message',
  message: { id, sessionId: 5, sender: 'admin', type: 'text', text: 'Did that help?' },
});

/** The red dot on "my" (tab 3), as the tab bar reads it. */
function Dot() {
  return useTabStates()[3]?.redDot ? <i data-testid="dot" /> : null;
}

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  FakeSocket.all = [];
  unread = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.clear();
  sessionStore.setTokens({ token: 'tok-1', expire: 7200, refreshToken: 'r', refreshExpire: 86400 });
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/cs/msg/unreadCount') return { count: unread };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the unread badge, live', () => {
  it("shows a reply pushed on the chat's socket at once (no poll, no reload) and clears on a read", async () => {
    const view = render(
      withApp(
        <>
          <CsUnreadWatcher />
          <CsUnreadWatcher />
          <CsUnreadBadge />
          <Dot />
        </>,
      ),
    );
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    expect(ws.sent[0]).toEqual({ type: 'auth', token: 'tok-1' });
    act(() => ws.serve({ type: 'ready', subject: 'user' }));
    const asked = () => request.mock.calls.filter(([c]) => c.url === 'app/cs/msg/unreadCount').length;
    const before = asked();

    // the buyer's own message and the operator's read receipt change nothing
    act(() => ws.serve({ ...reply(7), message: { ...reply(7).message, sender: 'user' } }));
    act(() => ws.serve({ type: 'read', sessionId: 5, reader: 'admin', lastReadId: 7 }));
    expect(asked()).toBe(before);

    unread = 1;
    act(() => ws.serve(reply(8)));
    await waitFor(() => expect(screen.getByTestId('cs-unread').textContent).toContain('1'), {
      timeout: 1000,
    });
    expect(screen.getByTestId('dot')).toBeTruthy();

    // the chat read it (here or in another tab): the buyer's own read receipt clears it
    unread = 0;
    act(() => ws.serve({ type: 'read', sessionId: 5, reader: 'user', lastReadId: 8 }));
    await waitFor(() => expect(screen.queryByTestId('cs-unread')).toBeNull(), { timeout: 1000 });
    expect(screen.queryByTestId('dot')).toBeNull();

    // one socket however many watch; it closes with the last one
    expect(FakeSocket.all).toHaveLength(1);
    view.unmount();
    expect(ws.readyState).toBe(FakeSocket.CLOSED);
  });

  it('opens no socket for a visitor who is not signed in', async () => {
    sessionStore.logout();
    render(withApp(<CsUnreadWatcher />));
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeSocket.all).toHaveLength(0);
  });
});
