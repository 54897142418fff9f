/**
 * `npm run reliability`: the shop's hard promises, one line per property with its figures, non-zero exit
 * on any breach. Runs the server's race, fault, property, fuzz and probe tests (on SQLite, or PostgreSQL
 * with DATABASE_URL) and reads their results; the fuzz pass prints its own counts.
 *   --short   the CI form: the fuzz pass at a third of its hostile values (FUZZ_FULL unset)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const short = process.argv.includes('--short');
const server = path.resolve(new URL('../apps/server', import.meta.url).pathname);
/** The properties: file and the test names that hold each (a name filter of vitest). */
const FILES = [
  'src/modules/order/order-checkout.test.ts', // last units: 200 buyers race for 20
  'src/modules/catalogue/catalogue-admin.test.ts', // never more than the stock when orders race
  'src/modules/wallet/wallet.test.ts', // wallet and points spends against a balance covering N
  'src/modules/coupon/coupon.test.ts', // one coupon, two concurrent orders
  'src/modules/payment/payment.test.ts', // the same notification delivered concurrently: one transition
  'src/modules/ops/ops.test.ts', // Redis stopped and back (ready, degraded); database unreachable -> not ready
  'src/modules/coupon/coupon.properties.test.ts',
  'src/modules/cart/cart.properties.test.ts',
  'src/modules/payment/money.properties.test.ts',
  // the order status machine under random action sequences, through the routes and the order timer
  'src/modules/order/order.properties.test.ts',
  'src/reliability/fuzz.test.ts',
  'src/reliability/ownership.test.ts',
  // two instances behind one port on one database and Redis: sessions, limits, cache, jobs, chat, payments
  'src/reliability/scale-out.test.ts',
  // the server SIGKILLed under checkout-and-pay and restarted: invariants on stock, money and payments
  'src/reliability/crash.test.ts',
  // a Redis that accepts and never answers, in front of the server process: /api on time, /ready degraded
  'src/reliability/redis-faults.test.ts',
  // a job-lease holder killed (SIGKILL) or stopped (SIGTERM) mid-run: takeover within the lease, or at once
  'src/reliability/job-lease.test.ts',
  // PostgreSQL only: every pooled connection terminated, then recovery without a restart; the server
  // process under load through backends terminated, TCP resets and a partition
  ...(process.env.DATABASE_URL
    ? ['src/reliability/db-drop.pgtest.ts', 'src/reliability/db-faults.pgtest.ts']
    : []),
];
const PICK =
  /two instances|SIGKILL|SIGTERM|survives|partition|status machine|race|racing|concurrent|exactly|Redis|not ready|propert|fuzz|hostile|discount|pay ways|mix|selection|monotone|points/i;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-reliability-'));
const out = path.join(dir, 'report.json');
const figures = path.join(dir, 'figures.txt');
const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', ...FILES, '--reporter=json', `--outputFile=${out}`], {
  cwd: server,
  encoding: 'utf8',
  env: {
    ...process.env,
    // src/reliability is outside the plain test run (vitest.config.ts); this names the form
    RELIABILITY: short ? 'short' : 'full',
    RELIABILITY_FIGURES: figures,
    ...(short ? {} : { FUZZ_FULL: '1' }),
  },
  maxBuffer: 64 * 1024 * 1024,
});
const printed = (fs.existsSync(figures) ? fs.readFileSync(figures, 'utf8') : '')
  .split('\n')
  .filter((l) =>
    /^(fuzz|db-drop|db-faults|redis-faults|job-lease|ownership|scale-out|crash|order machine): /.test(
      l.trim(),
    ),
  )
  .map((l) => l.trim());
type Assertion = { fullName: string; status: string; duration?: number; failureMessages?: string[] };
let report: { testResults: { name: string; assertionResults: Assertion[] }[] };
try {
  report = JSON.parse(fs.readFileSync(out, 'utf8')) as typeof report;
} catch {
  console.error(`reliability: the test run produced no report\n${run.stderr.slice(-2000)}`);
  process.exit(1);
}
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
let breaches = 0;
let properties = 0;
for (const file of report.testResults)
  for (const a of file.assertionResults) {
    if (!PICK.test(a.fullName)) continue;
    properties += 1;
    const ok = a.status === 'passed';
    if (!ok) breaches += 1;
    console.log(
      `${ok ? 'HOLDS ' : 'BREACH'} ${a.fullName} [${engine}, ${Math.round(a.duration ?? 0)} ms]` +
        (ok ? '' : `\n        ${(a.failureMessages ?? []).join(' ').split('\n')[0]}`),
    );
  }
for (const l of printed) console.log(`HOLDS  ${l} [${engine}]`);
const others = report.testResults
  .flatMap((f) => f.assertionResults)
  .filter((a) => a.status === 'failed' && !PICK.test(a.fullName));
for (const a of others)
  console.log(`FAILED ${a.fullName}\n        ${(a.failureMessages ?? []).join(' ').split('\n')[0]}`);
const failedOther = others.length;
console.log(
  `reliability: ${properties} properties, ${breaches} breached, ${failedOther} other failures, ` +
    `${engine}, ${short ? 'short' : 'full'} form, ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(breaches || failedOther || run.status ? 1 : 0);
