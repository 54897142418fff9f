// BENCH_INSTANCES=N: the shop as N processes on one port through Node's cluster (the primary accepts each
// connection and hands it to the next worker in turn), each worker the production entry dist/main.js.
// Run from apps/server; prints the worker pids as one JSON line once every worker listens.
import cluster from 'node:cluster';

const n = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
cluster.setupPrimary({ exec: 'dist/main.js', execArgv: process.execArgv });
const workers = Array.from({ length: n }, () => cluster.fork());
let listening = 0;
cluster.on('listening', () => {
  listening += 1;
  if (listening === n) process.stdout.write(`${JSON.stringify(workers.map((w) => w.process.pid))}\n`);
});
cluster.on('exit', (w, code) => {
  if (!stopping) {
    console.error(`bench cluster: worker ${w.process.pid} exited with ${code}`);
    process.exit(1);
  }
});
let stopping = false;
const stop = () => {
  stopping = true;
  for (const w of workers) w.process.kill('SIGTERM');
  Promise.all(workers.map((w) => new Promise((r) => (w.isDead() ? r() : w.once('exit', r))))).then(() =>
    process.exit(0),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
