import type { CsSendBody, CsServerFrame } from '@simshop/contracts';

export type ConnectionState = 'connecting' | 'open' | 'offline';

export type ChatConnectionOptions = {
  /** The current access token (read on every (re)connect and refresh). */
  token: () => string | null;
  /** Makes sure the token is fresh (an API call through the request client refreshes it when needed). */
  refreshToken: () => Promise<void>;
  language: () => string;
  onFrame: (frame: CsServerFrame) => void;
  /** `open` once the server accepted the token (ready): catch up and flush the queue then. */
  onState: (state: ConnectionState) => void;
};

const MAX_BACKOFF_MS = 15_000;

/**
 * The chat socket: authenticates with the token in the first frame (never in the URL), reconnects with
 * backoff (at once when the browser comes back online), re-authenticates when the token is refreshed.
 */
export class ChatConnection {
  private ws: WebSocket | null = null;
  private ready = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private lastToken: string | null = null;

  constructor(
    private readonly url: string,
    private readonly o: ChatConnectionOptions,
  ) {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
  }

  get isReady() {
    return this.ready;
  }

  start() {
    this.closed = false;
    void this.connect(); // connect() never rejects: a failed attempt schedules the next
  }

  stop() {
    this.closed = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  /** Sends a message frame when the socket is ready; false when it is not (the caller keeps it queued). */
  send(msg: CsSendBody): boolean {
    return this.frame({ type: 'send', msg });
  }

  read(sessionId: number, lastReadId: number): boolean {
    return this.frame({ type: 'read', sessionId, lastReadId });
  }

  /** The token was refreshed: tell the open socket (the server checks it names the same account). */
  tokenChanged() {
    const token = this.o.token();
    if (!token || token === this.lastToken) return;
    this.lastToken = token;
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'auth', token }));
  }

  private frame(f: unknown) {
    if (!this.ready || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(f));
    return true;
  }

  private onOnline = () => {
    if (this.closed) return;
    this.attempts = 0;
    if (!this.ws || this.ws.readyState === WebSocket.CLOSED) void this.connect(); // never rejects, as above
  };

  private onOffline = () => {
    this.ready = false;
    this.o.onState('offline');
    this.ws?.close();
  };

  private async connect() {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.o.onState('connecting');
    try {
      await this.o.refreshToken();
    } catch {
      // offline or the session is gone: try again later
    }
    const token = this.o.token();
    if (this.closed) return;
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(
      `${proto}//${window.location.host}${this.url}?language=${encodeURIComponent(this.o.language())}`,
    );
    this.ws = ws;
    ws.onopen = () => {
      this.lastToken = token;
      ws.send(JSON.stringify({ type: 'auth', token }));
    };
    ws.onmessage = (e) => {
      let f: CsServerFrame;
      try {
        f = JSON.parse(String(e.data)) as CsServerFrame;
      } catch {
        return;
      }
      if (f.type === 'ready') {
        const first = !this.ready;
        this.ready = true;
        this.attempts = 0;
        if (first) this.o.onState('open');
      }
      this.o.onFrame(f);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ready = false;
      this.ws = null;
      if (this.closed) return;
      this.o.onState(navigator.onLine === false ? 'offline' : 'connecting');
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts);
      this.attempts += 1;
      this.timer = setTimeout(() => void this.connect(), delay);
    };
  }
}
