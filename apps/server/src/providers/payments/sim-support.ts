import type { FastifyInstance } from 'fastify';
import type { HttpClient, HttpResponse } from './channel';

/**
 * Pieces every payment simulator shares: HTML escaping for the cashier pages, form decoding, and
 * notification delivery with a provider's retry schedule (compressed for demo and tests).
 */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A record of one delivery attempt, for tests and the demo control page. */
export type DeliveryRecord = {
  url: string;
  attempt: number;
  status: number | null;
  body: string;
  answer: string;
  at: number;
};

export type DeliveryOptions = {
  http: HttpClient;
  /** Delays before each retry after a failed attempt; the first attempt is immediate. */
  retryDelaysMs: number[];
  /** An answer slower than this counts as a failure (WeChat: 5 s). */
  timeoutMs: number;
  /** Whether the shop's answer means "received". */
  accepted: (res: HttpResponse) => boolean;
  log: DeliveryRecord[];
};

/**
 * Delivers until accepted or the schedule runs out. `build` is called per attempt because providers sign
 * each delivery afresh (new timestamp and nonce) while the notification's identity stays the same.
 */
export class Deliverer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private stopped = false;

  constructor(private readonly opts: DeliveryOptions) {}

  send(
    url: string,
    build: (attempt: number) => { headers: Record<string, string>; body: string },
    retries = true,
  ): Promise<void> {
    const run = this.run(url, build, retries ? this.opts.retryDelaysMs.length : 0);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  /** A wait that stop() ends at once, so no retry timer holds a closing server open. */
  private wait(ms: number): { done: Promise<void>; cancel: () => void } {
    let entry!: { timer: NodeJS.Timeout; resolve: () => void };
    const done = new Promise<void>((resolve) => {
      entry = { timer: setTimeout(() => this.finish(entry), ms), resolve };
      this.timers.add(entry);
    });
    return { done, cancel: () => this.finish(entry) };
  }

  private finish(entry: { timer: NodeJS.Timeout; resolve: () => void }) {
    clearTimeout(entry.timer);
    this.timers.delete(entry);
    entry.resolve();
  }

  private async run(
    url: string,
    build: (attempt: number) => { headers: Record<string, string>; body: string },
    retries: number,
  ) {
    for (let attempt = 0; attempt <= retries && !this.stopped; attempt++) {
      if (attempt > 0) await this.wait(this.opts.retryDelaysMs[attempt - 1] ?? 0).done;
      if (this.stopped) return;
      const { headers, body } = build(attempt);
      let status: number | null = null;
      let answer = '';
      let ok = false;
      const deadline = this.wait(this.opts.timeoutMs);
      try {
        const res = await Promise.race([
          this.opts.http({ method: 'POST', url, headers, body }),
          deadline.done.then(() => null),
        ]);
        if (res) {
          status = res.status;
          answer = res.body.slice(0, 500);
          ok = this.opts.accepted(res);
        } else answer = 'timeout';
      } catch (err) {
        answer = (err as Error).message;
      } finally {
        deadline.cancel();
      }
      this.opts.log.push({ url, attempt, status, body, answer, at: Date.now() });
      if (ok) return;
    }
  }

  /** Resolves once every delivery under way has finished (accepted or out of retries). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Ends all deliveries: called when the server closes. */
  stop() {
    this.stopped = true;
    for (const entry of [...this.timers]) this.finish(entry);
  }
}

/** Promises under way (notification retries, delayed sends): `idle` waits for all of them, new ones included. */
export function createInflight(): { track(p: Promise<unknown>): void; idle(): Promise<void> } {
  const inflight = new Set<Promise<unknown>>();
  return {
    track(p) {
      const q = p.catch(() => undefined).finally(() => inflight.delete(q));
      inflight.add(q);
    },
    async idle() {
      while (inflight.size) await Promise.all([...inflight]);
    },
  };
}

/**
 * One attempt now; if it fails, retries after each of `delaysMs` in the background (timers unref'd, the
 * run handed to `track`). Resolves after the first attempt, so a caller can send "before the redirect".
 */
export async function sendWithRetries(
  attempt: () => Promise<boolean>,
  delaysMs: readonly number[],
  track: (p: Promise<unknown>) => void,
): Promise<void> {
  if (await attempt()) return;
  track(
    (async () => {
      for (const delay of delaysMs) {
        await new Promise<void>((r) => setTimeout(r, delay).unref());
        if (await attempt()) return;
      }
    })(),
  );
}

/** Scales a real retry schedule (seconds) down for demo and tests. */
export const compressSchedule = (realSeconds: number[], factor: number) =>
  realSeconds.map((s) => Math.max(1, Math.round(s * 1000 * factor)));

/** Decodes an application/x-www-form-urlencoded body as UTF-8 (the cashier pages' own forms). */
export const formFields = (body: unknown): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));

export const cashierPage = (title: string, accent: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f2f2f2;color:#191919}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px}
h1{font-size:20px;margin:0 0 8px}
.demo{font-size:13px;color:#5c5c5c;margin:0 0 16px}
.amount{font-size:32px;font-weight:700;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}
dt{color:#5c5c5c}dd{margin:0;word-break:break-all}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button{font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;cursor:pointer}
.pay{background:${accent};color:#fff}.fail{background:#fde2e2;color:#8a1212}.cancel{background:#e8e8e8;color:#191919}
</style></head>
<body><main>${body}</main></body></html>`;

/** A signature that fails verification but still looks right (first byte flipped): the bad-signature fault. */
export function corruptSignature(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return bytes.toString('base64');
}

/**
 * A simulator's fault switches: the live object (read at each request), a patch that takes only known
 * keys of the right type, a reset, and the control routes tests and the demo use over HTTP: GET /control
 * shows them, POST /control patches them (JSON), POST /control/reset clears them.
 */
export function createFaults<F extends Record<string, unknown>>(defaults: F) {
  const faults: F = { ...defaults };
  const set = (patch: Partial<F>) => {
    for (const k of Object.keys(defaults) as (keyof F)[]) {
      if (k in patch && typeof patch[k] === typeof defaults[k]) faults[k] = patch[k] as F[keyof F];
    }
  };
  const reset = () => Object.assign(faults, defaults);
  /** Mounts the control routes on the simulator's scope (its body parser must hand over strings). */
  const routes = (sim: FastifyInstance, deliveries: () => number) => {
    sim.get('/control', { schema: { hide: true } }, async () => ({ faults, deliveries: deliveries() }));
    sim.post('/control', { schema: { hide: true } }, async (req, reply) => {
      try {
        set(JSON.parse(String(req.body || '{}')) as Partial<F>);
      } catch {
        return reply.status(400).send({ message: 'body must be JSON' });
      }
      return { faults };
    });
    sim.post('/control/reset', { schema: { hide: true } }, async () => {
      reset();
      return { faults };
    });
  };
  return { faults, set, reset, routes };
}

/**
 * The simulators' fixed exchange rates (CNY per unit of each currency a simulated cross-border merchant
 * may charge): the WeChat Pay and Alipay simulators charge an order in its own currency and show the
 * buyer's CNY amount at these rates, as the real providers do at theirs.
 */
export const SIM_CNY_RATES: Record<string, number> = {
  CNY: 1,
  TWD: 0.2222,
  HKD: 0.9123,
  USD: 7.1234,
  EUR: 7.7345,
  GBP: 9.0123,
  SGD: 5.3456,
  AUD: 4.6789,
  CAD: 5.2345,
  MOP: 0.8856,
  THB: 0.1987,
  MYR: 1.5234,
};

/** What the buyer pays in CNY (fen) for `total` minor units of `currency`, and the rate times 10^8. */
export function simPayerAmount(total: number, currency: string) {
  const rate = SIM_CNY_RATES[currency] ?? 1;
  return { payerTotal: Math.round(total * rate), rate: Math.round(rate * 1e8) };
}
