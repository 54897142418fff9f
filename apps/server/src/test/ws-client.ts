import { createRequire } from 'node:module';

/** The bits of the `ws` client the tests use (the package is there through @fastify/websocket; no @types/ws). */
type RawSocket = {
  on(event: 'message', cb: (data: { toString(): string }) => void): void;
  on(event: 'open', cb: () => void): void;
  on(event: 'close', cb: (code: number) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  send(data: string): void;
  close(): void;
  readyState: number;
};
const WsCtor = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => RawSocket;

export type Frame = { type: string; [k: string]: any };

/** A chat socket for tests: every frame received is kept; `next` waits for the first matching one not yet taken. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private taken = new Set<Frame>();
  private waiters: (() => void)[] = [];
  closeCode: number | null = null;
  private constructor(readonly raw: RawSocket) {
    raw.on('message', (d) => {
      this.frames.push(JSON.parse(d.toString()) as Frame);
      this.waiters.splice(0).forEach((w) => w());
    });
    raw.on('close', (code) => {
      this.closeCode = code;
      this.waiters.splice(0).forEach((w) => w());
    });
    raw.on('error', () => undefined);
  }

  static open(url: string, protocols?: string[]): Promise<TestSocket> {
    const raw = new WsCtor(url, protocols);
    const s = new TestSocket(raw);
    return new Promise((resolve, reject) => {
      raw.on('open', () => resolve(s));
      raw.on('error', reject);
    });
  }

  send(frame: unknown) {
    this.raw.send(JSON.stringify(frame));
  }

  async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.frames.find((f) => !this.taken.has(f) && match(f));
      if (hit) {
        this.taken.add(hit);
        return hit;
      }
      if (this.closeCode !== null)
        throw new Error(`socket closed (${this.closeCode}) before a matching frame`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  async closed(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (this.closeCode === null) throw new Error('socket still open');
    return this.closeCode;
  }

  close() {
    this.raw.close();
  }
}
