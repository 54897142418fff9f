// Cold start: time from spawning the server to its first answer on /api/app/app/version/check.
// Usage: npx tsx bench/cold-start.ts [runs] -- <command...>   (default: npm run start -w @simshop/server)
// Runs against a throwaway DATA_DIR seeded by a first, unmeasured run, so the figure is a restart, not a seed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const sep = args.indexOf('--');
const runs = Number(sep === 0 ? 3 : (args[0] ?? 3));
const cmd = sep >= 0 ? args.slice(sep + 1) : ['npm', 'run', 'start', '-w', '@simshop/server'];
const [bin = '', ...binArgs] = cmd;
if (!bin) throw new Error('usage: npx tsx bench/cold-start.ts [runs] -- <command...>');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-cold-'));
const port = 3900 + Math.floor(Math.random() * 90);
const url = `http://127.0.0.1:${port}/api/app/app/version/check?code=1`;

async function once(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(bin, binArgs, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(url);
        if (res.ok) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

await once(); // migrate + seed the throwaway database
const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
console.log(
  `cold start (${cmd.join(' ')}): ${times.map((t) => Math.round(t)).join(', ')} ms; median ${Math.round(times[Math.floor(times.length / 2)] ?? NaN)} ms`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
