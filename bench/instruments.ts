/**
 * What the scale bench reads from the running shop and its Redis beside CPU: the kept-answer lookups of every
 * instance (GET /metrics, `simshop_answer_cache_lookups_total`; through the cluster each scrape reaches the
 * next worker, told apart by `simshop_instance_info`'s holder) and the commands Redis has run (INFO
 * commandstats, less the INFO calls themselves).
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';

/** One GET on a connection of its own: Node's cluster hands each new connection to the next worker. */
function scrapeOnce(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

export async function cacheLookups(
  base: string,
  instances: number,
): Promise<{ hits: number; misses: number; instances: number }> {
  const seen = new Map<string, { hits: number; misses: number }>();
  for (let i = 0; i < instances * 4 && seen.size < instances; i += 1) {
    const text = await scrapeOnce(`${base}/metrics`);
    const holder = /^simshop_instance_info\{holder="([^"]+)"/m.exec(text)?.[1];
    if (!holder) continue;
    const sum = (result: string) =>
      [
        ...text.matchAll(
          new RegExp(`^simshop_answer_cache_lookups_total\\{[^}]*result="${result}"[^}]*\\} (\\d+)`, 'gm'),
        ),
      ]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
    seen.set(holder, { hits: sum('hit'), misses: sum('miss') });
  }
  const all = [...seen.values()];
  return {
    hits: all.reduce((a, b) => a + b.hits, 0),
    misses: all.reduce((a, b) => a + b.misses, 0),
    instances: seen.size,
  };
}

/** Commands Redis has answered so far (every kind but INFO), or undefined without a Redis URL. */
export function redisCommands(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const r = spawnSync('redis-cli', ['-u', url, 'INFO', 'commandstats'], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  return [...r.stdout.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)]
    .filter((m) => m[1] !== 'info')
    .reduce((a, m) => a + Number(m[2]), 0);
}
