// `npm run bench`'s load generator, in a process of its own: one autocannon run described by the JSON in
// argv[2]; prints the result as one JSON line on stdout. Hooks are module paths (bench/hooks/*.cjs).
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const spec = JSON.parse(process.argv[2]);
const hook = (p) => (p ? require(p) : undefined);

const options = {
  url: spec.url,
  method: spec.method,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers,
  ...(spec.body !== undefined ? { body: spec.body } : {}),
  ...(spec.idReplacement ? { idReplacement: true } : {}),
  ...(spec.requests
    ? {
        requests: spec.requests.map(({ setupRequest, onResponse, ...r }) => ({
          ...r,
          ...(setupRequest ? { setupRequest: hook(setupRequest) } : {}),
          ...(onResponse ? { onResponse: hook(onResponse) } : {}),
        })),
      }
    : {}),
};
// a short unmeasured run first, so the figures are of warm code on both sides (JIT, caches, pools)
const warm = spec.warmup > 0 ? await autocannon({ ...options, duration: spec.warmup }) : undefined;
const result = await autocannon(options);
process.stdout.write(
  `${JSON.stringify({
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    warmupRequests: warm?.requests.total ?? 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  })}\n`,
);
