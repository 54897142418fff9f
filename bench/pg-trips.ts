/**
 * A TCP relay in front of PostgreSQL that counts round trips: each flight of bytes from a client that follows
 * an answer (or opens the connection) is one. node-postgres sends a query's messages (parse, bind, execute,
 * sync) in one flight and waits for the answer, so this is the number of times the shop waits on the network
 * for its database. With `delayUs`, every chunk is held that long in each direction before it is passed on
 * (a network between two machines; `tc netem` is not available in this machine's kernel): timers are
 * whole milliseconds, so the relay polls the clock with setImmediate while something waits, and records
 * the delay it really applied. For BENCH_COUNT_TRIPS and BENCH_PG_DELAY_US in bench/run.ts; it adds a hop,
 * so figures taken through it are compared only with each other.
 */
import net from 'node:net';

export type TripCounter = {
  url: string;
  trips: () => number;
  /** Mean delay a chunk was really held, in µs (0 without a delay). */
  heldUs: () => number;
  close: () => void;
};

export async function tripCounter(target: URL, delayUs = 0): Promise<TripCounter> {
  let trips = 0;
  let held = 0;
  let chunks = 0;
  const sockets = new Set<net.Socket>();
  type Pending = { due: bigint; at: bigint; to: net.Socket; data: Buffer };
  const queue: Pending[] = [];
  let pumping = false;
  const pump = () => {
    const now = process.hrtime.bigint();
    while (queue.length && queue[0]!.due <= now) {
      const p = queue.shift()!;
      held += Number(now - p.at) / 1000;
      chunks += 1;
      if (!p.to.destroyed) p.to.write(p.data);
    }
    if (queue.length) setImmediate(pump);
    else pumping = false;
  };
  const send = (to: net.Socket, data: Buffer) => {
    if (!delayUs) return void to.write(data);
    const at = process.hrtime.bigint();
    queue.push({ due: at + BigInt(delayUs * 1000), at, to, data });
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let clientSpoke = false;
    client.on('data', (d) => {
      if (!clientSpoke) trips += 1;
      clientSpoke = true;
      send(upstream, d);
    });
    upstream.on('data', (d) => {
      clientSpoke = false;
      send(client, d);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.on('error', () => b.destroy());
    }
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    trips: () => trips,
    heldUs: () => (chunks ? held / chunks : 0),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
