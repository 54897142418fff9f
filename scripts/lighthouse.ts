/**
 * Lighthouse mobile (simulated throttling) on home, category, the goods list, a plan's page, the trip planner
 * and the desktop landing page (the pages issue 27 names): the median of 3 runs of
 * performance, accessibility and LCP each, against the built app served by the real server on 127.0.0.1.
 * Not part of CI (slow, and its figures depend on the machine). Run after `npm run build -w @simshop/web`:
 *
 *   npx tsx scripts/lighthouse.ts [runs]
 *
 * Uses Debian's chromium (CHROMIUM_PATH to override) through playwright-core, with its debugging port.
 */
import os from 'node:os';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const ROUTES = [
  '/pages/index/home',
  '/pages/index/category',
  '/pages/goods/list',
  '/pages/goods/detail?id={plan}',
  '/pages/goods/trip',
  '/pages/index/website',
];
const RUNS = Number(process.argv[2] ?? 3);
const PORT = 9333;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The first eSIM plan (goods type 1) the seeded catalogue lists: the plan page a traveller opens. */
async function firstPlan(base: string): Promise<number> {
  const res = await fetch(`${base}/api/app/goods/info/page`, {
    method: 'POST',
    headers: { language: 'en', 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 50 }),
  });
  const body = (await res.json()) as { data: { list: { id: number; goodsType: number }[] } };
  const plan = body.data.list.find((g) => g.goodsType === 1);
  if (!plan) throw new Error('the catalogue lists no eSIM plan');
  return plan.id;
}

async function main() {
  const server = await startServer();
  const plan = await firstPlan(server.url);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      `--remote-debugging-port=${PORT}`,
      '--no-sandbox',
      '--disable-gpu',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  try {
    console.log(`route | performance | accessibility | LCP (ms) | runs: ${RUNS}`);
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const route of ROUTES.map((r) => r.replace('{plan}', String(plan)))) {
      const perf: number[] = [];
      const a11y: number[] = [];
      const lcp: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(
          `${server.url}${route}`,
          { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          // the default config is mobile with simulated throttling
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no report for ${route}`);
        // a run Lighthouse could not measure scores 0: say why rather than hide it in the median
        if (lhr.runtimeError)
          console.log(`${route} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        lcp.push(Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)));
      }
      console.log(
        `${route} | ${median(perf)} (${perf.join(', ')}) | ${median(a11y)} (${a11y.join(', ')}) | ${median(lcp)} (${lcp.join(', ')})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
