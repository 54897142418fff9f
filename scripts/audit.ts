/**
 * Dependency audit for CI: `npm audit --omit=dev` at high severity, minus a documented allow-list
 * (.ci/audit-allowlist.json: each entry names the package, the advisory, why it does not apply, and when
 * to look again). Fails on any high or critical advisory not allowed. When the registry has no advisory
 * endpoint (a mirror answers 405/404, or no network), it says so plainly and does not fail CI: an audit
 * that could not run is reported as not run, never as passed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type Allowed = { package: string; advisory: string; reason: string; reviewBy: string };
type Via = string | { source?: number; url?: string; title?: string; severity?: string };
type Vuln = { name: string; severity: string; via: Via[] };

const root = path.resolve(new URL('..', import.meta.url).pathname);
const allowList = JSON.parse(fs.readFileSync(path.join(root, '.ci/audit-allowlist.json'), 'utf8')) as {
  allowed: Allowed[];
};
const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});
let report: {
  vulnerabilities?: Record<string, Vuln>;
  statusCode?: number;
  message?: string;
  error?: unknown;
};
try {
  report = JSON.parse(run.stdout || '{}') as typeof report;
} catch {
  report = { message: (run.stderr || run.stdout || 'no output').trim().split('\n').slice(-1)[0] };
}
if (!report.vulnerabilities) {
  console.log(
    `audit: NOT RUN - the registry's advisory endpoint did not answer (${report.message ?? run.error?.message ?? 'unknown'}).` +
      ' This registry is a mirror without /-/npm/v1/security/advisories; run `npm run audit:deps` against registry.npmjs.org to check.',
  );
  process.exit(0);
}
const today = new Date().toISOString().slice(0, 10);
const blocking: string[] = [];
const allowedSeen: string[] = [];
for (const v of Object.values(report.vulnerabilities)) {
  if (v.severity !== 'high' && v.severity !== 'critical') continue;
  const urls = v.via.flatMap((x) => (typeof x === 'object' && x.url ? [x.url] : []));
  const entry = allowList.allowed.find(
    (a) => a.package === v.name && (urls.length === 0 || urls.some((u) => u.endsWith(a.advisory))),
  );
  if (entry && entry.reviewBy >= today) allowedSeen.push(`${v.name} (${entry.advisory}): ${entry.reason}`);
  else blocking.push(`${v.name} ${v.severity} ${urls.join(' ') || '(through a dependency)'}`);
}
for (const a of allowedSeen) console.log(`audit: allowed ${a}`);
if (blocking.length) {
  console.error(`audit: ${blocking.length} high/critical advisories in production dependencies:`);
  for (const b of blocking) console.error(`  ${b}`);
  process.exit(1);
}
console.log(
  `audit: passed (no high/critical advisory outside the allow-list of ${allowList.allowed.length})`,
);
