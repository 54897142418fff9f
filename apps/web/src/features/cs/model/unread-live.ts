import type { CsServerFrame } from '@simshop/contracts';
import { ChatConnection } from './chat-connection';

export const CS_WS_PATH = '/api/app/cs/msg/ws';

export type UnreadLiveOptions = {
  token: () => string | null;
  refreshToken: () => Promise<void>;
  language: () => string;
  /** Subscribes to token changes (refresh): the open socket re-authenticates. */
  onTokenChange: (listener: () => void) => () => void;
};

/**
 * Whether a chat frame changes the buyer's unread count: a message from the shop, the buyer's own read
 * receipt (the chat read it, maybe in another tab), or the socket (re)opening (what came while it was down).
 */
export function changesUnread(f: CsServerFrame): boolean {
  if (f.type === 'message') return f.message.sender === 'admin';
  if (f.type === 'read') return f.reader === 'user';
  return f.type === 'ready';
}

const listeners = new Set<() => void>();
let live: { conn: ChatConnection; offToken: () => void } | null = null;

/**
 * Listens on the chat's socket for anything that changes the unread count, wherever the buyer is: one
 * socket for the page however many badges watch (the server fans a reply out to every socket of the buyer,
 * across instances through the event bus). Returns the unsubscribe; the socket closes with the last one.
 */
export function watchUnreadLive(o: UnreadLiveOptions, onChange: () => void): () => void {
  listeners.add(onChange);
  if (!live) {
    const conn = new ChatConnection(CS_WS_PATH, {
      token: o.token,
      refreshToken: o.refreshToken,
      language: o.language,
      onState: () => undefined,
      onFrame: (f) => {
        if (changesUnread(f)) for (const l of listeners) l();
      },
    });
    live = { conn, offToken: o.onTokenChange(() => conn.tokenChanged()) };
    conn.start();
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0 || !live) return;
    live.offToken();
    live.conn.stop();
    live = null;
  };
}
