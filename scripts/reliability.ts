/**
 * `npm run reliability`: the shop's hard promises, one line per property with its figures, non-zero exit
 * on any breach. Runs the server's race, fault, property, fuzz and probe tests (on SQLite, or PostgreSQL
 * with DATABASE_URL) and reads their results; the fuzz pass prints its own counts.
 *   --short   the CI form: the fuzz pass at a third of its hostile values (FUZZ_FULL unset)
 *   --from <report.json>   the server's `npm test` run on this tree and engine just wrote that vitest JSON
 *             report (SERVER_TEST_REPORT, set by .ci/run): the listed files of the plain run are read from
 *             it rather than run again, and only the files under src/reliability run here
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const short = process.argv.includes('--short');
const server = path.resolve(new URL('../apps/server', import.meta.url).pathname);
/**
 * The properties, each named by the test that holds it. `'all'`: every test in the file is one (the
 * fast-check property files and the fault tests under src/reliability); otherwise the titles of the tests
 * that are, as written in the file (the start of the title). The other tests of a listed file still run and
 * their failures are reported, but they are not counted as properties. A listed file that is missing, a file
 * that produced no results and a named test that did not run (renamed, skipped, filtered out) fail the run.
 */
type Listed = { file: string; tests: 'all' | string[] };
const LISTED: Listed[] = [
  {
    file: 'src/modules/order/order-checkout.test.ts',
    tests: [
      'sells exactly the stock when 200 buyers race for 20 units',
      'makes one order for a repeated idempotency key (body or header), also when the taps race',
    ],
  },
  {
    file: 'src/modules/catalogue/catalogue-admin.test.ts',
    tests: ['never sells more than the stock when orders race'],
  },
  {
    file: 'src/modules/wallet/wallet.test.ts',
    tests: [
      'race: 100 concurrent walletPay calls against a balance for 10 orders pay exactly 10',
      'race: 100 concurrent usePoint calls against points for 10 orders cover exactly 10',
    ],
  },
  {
    file: 'src/modules/coupon/coupon.test.ts',
    tests: [
      'hands out exactly what is left when 50 shoppers receive at once',
      'keeps one shopper to the per-user limit when they receive many times at once',
      'lets exactly one of two concurrent orders use a coupon',
    ],
  },
  {
    // the same notification delivered four times at once: one transition, one applied, three duplicates
    file: 'src/modules/payment/payment.test.ts',
    tests: ['starts a QR attempt, then one verified notification pays the order exactly once'],
  },
  {
    // Redis stopped and back (ready, degraded); database unreachable -> not ready
    file: 'src/modules/ops/ops.test.ts',
    tests: [
      'reports a database that does not answer as not ready',
      'GET /ready stays 200 when its Redis stops',
    ],
  },
  { file: 'src/modules/coupon/coupon.properties.test.ts', tests: 'all' },
  { file: 'src/modules/cart/cart.properties.test.ts', tests: 'all' },
  { file: 'src/modules/payment/money.properties.test.ts', tests: 'all' },
  // the order status machine under random action sequences, through the routes and the order timer
  { file: 'src/modules/order/order.properties.test.ts', tests: 'all' },
  { file: 'src/reliability/fuzz.test.ts', tests: 'all' },
  { file: 'src/reliability/ownership.test.ts', tests: 'all' },
  // two instances behind one port on one database and Redis: sessions, limits, cache, jobs, chat, payments
  { file: 'src/reliability/scale-out.test.ts', tests: 'all' },
  // the server SIGKILLed under checkout-and-pay and restarted: invariants on stock, money and payments
  { file: 'src/reliability/crash.test.ts', tests: 'all' },
  // a Redis that accepts and never answers, in front of the server process: /api on time, /ready degraded
  { file: 'src/reliability/redis-faults.test.ts', tests: 'all' },
  // a job-lease holder killed (SIGKILL) or stopped (SIGTERM) mid-run: takeover within the lease, or at once
  { file: 'src/reliability/job-lease.test.ts', tests: 'all' },
  // PostgreSQL only: every pooled connection terminated, then recovery without a restart; the server
  // process under load through backends terminated, TCP resets and a partition
  ...(process.env.DATABASE_URL
    ? [
        { file: 'src/reliability/db-drop.pgtest.ts', tests: 'all' as const },
        { file: 'src/reliability/db-faults.pgtest.ts', tests: 'all' as const },
      ]
    : []),
];
const FILES = LISTED.map((l) => l.file);
const fromAt = process.argv.indexOf('--from');
const from = fromAt > 0 ? process.argv[fromAt + 1] : undefined;
if (fromAt > 0 && (!from || !fs.existsSync(from))) {
  console.log(
    `reliability: --from needs the server test run's JSON report; ${from ?? 'none given'} not found`,
  );
  process.exit(1);
}
/** With --from, what the plain run already ran is read from its report; the rest runs now. */
const TO_RUN = from ? FILES.filter((f) => f.startsWith('src/reliability/')) : FILES;

const missing = FILES.filter((f) => !fs.existsSync(path.join(server, f)));
if (missing.length) {
  for (const f of missing) console.log(`MISSING ${f}: listed as holding reliability properties, not found`);
  console.log(`reliability: ${missing.length} listed test file(s) missing; nothing run`);
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-reliability-'));
const out = path.join(dir, 'report.json');
// the plain run (--from) wrote its figures (the order machine's) where .ci/run told it to: keep adding there
const figures = process.env.RELIABILITY_FIGURES ?? path.join(dir, 'figures.txt');
const started = Date.now();
// one file at a time: the fault tests time the server against its budgets, a second file would skew them
const args = ['vitest', 'run', ...TO_RUN, '--maxWorkers=1', '--reporter=json', `--outputFile=${out}`];
const run = spawnSync('npx', args, {
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
type Assertion = {
  title: string;
  fullName: string;
  status: string;
  duration?: number;
  failureMessages?: string[];
};
type FileResult = { name: string; message?: string; assertionResults: Assertion[] };
let report: { testResults: FileResult[] };
try {
  report = JSON.parse(fs.readFileSync(out, 'utf8')) as typeof report;
  if (from) {
    const plain = JSON.parse(fs.readFileSync(from, 'utf8')) as typeof report;
    const listedHere = (r: FileResult) =>
      FILES.some((f) => !TO_RUN.includes(f) && path.resolve(r.name) === path.join(server, f));
    report.testResults.push(...plain.testResults.filter(listedHere));
  }
} catch {
  console.error(`reliability: the test run produced no report\n${run.stderr.slice(-2000)}`);
  process.exit(1);
}
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const firstLine = (a: Assertion) => (a.failureMessages ?? []).join(' ').split('\n')[0];
let breaches = 0;
let properties = 0;
let unrun = 0;
const counted = new Set<Assertion>();
for (const listed of LISTED) {
  const result = report.testResults.find((r) => path.resolve(r.name) === path.join(server, listed.file));
  const ran = (result?.assertionResults ?? []).filter((a) => a.status === 'passed' || a.status === 'failed');
  if (!ran.length) {
    unrun += 1;
    const why = result?.message?.split('\n')[0] ?? 'not in the report (excluded or filtered out?)';
    console.log(`NO RESULTS ${listed.file}: ${why}`);
    continue;
  }
  const held =
    listed.tests === 'all'
      ? (result?.assertionResults ?? []).map((a) => ({ name: a.fullName, a }))
      : listed.tests.map((name) => ({
          name,
          a: result?.assertionResults.find((a) => a.title.startsWith(name)),
        }));
  for (const { name, a } of held) {
    properties += 1;
    if (!a || (a.status !== 'passed' && a.status !== 'failed')) {
      breaches += 1;
      console.log(`NOT RUN ${name} [${listed.file}, ${a ? a.status : 'no such test'}]`);
      continue;
    }
    counted.add(a);
    const ok = a.status === 'passed';
    if (!ok) breaches += 1;
    console.log(
      `${ok ? 'HOLDS ' : 'BREACH'} ${a.fullName} [${engine}, ${Math.round(a.duration ?? 0)} ms]` +
        (ok ? '' : `\n        ${firstLine(a)}`),
    );
  }
}
for (const l of printed) console.log(`HOLDS  ${l} [${engine}]`);
const others = report.testResults
  .flatMap((f) => f.assertionResults)
  .filter((a) => a.status === 'failed' && !counted.has(a));
for (const a of others) console.log(`FAILED ${a.fullName}\n        ${firstLine(a)}`);
const failedOther = others.length;
console.log(
  `reliability: ${properties} properties, ${breaches} breached or not run, ${unrun} file(s) without results, ` +
    `${failedOther} other failures, ${engine}, ${short ? 'short' : 'full'} form` +
    `${from ? `, ${FILES.length - TO_RUN.length} file(s) read from the plain run` : ''}, ` +
    `${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(breaches || unrun || failedOther || run.status ? 1 : 0);
