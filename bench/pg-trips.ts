/**
 * A TCP relay in front of PostgreSQL that counts round trips: each flight of bytes from a client that follows
 * an answer (or opens the connection) is one. node-postgres sends a query's messages (parse, bind, execute,
 * sync) in one flight and waits for the answer, so this is the number of times the shop waits on the network
 * for its database. For BENCH_COUNT_TRIPS in bench/run.ts; it adds a hop, so figures taken through it are not
 * compared with others.
 */
import net from 'node:net';

export async function tripCounter(
  target: URL,
): Promise<{ url: string; trips: () => number; close: () => void }> {
  let trips = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let clientSpoke = false;
    client.on('data', (d) => {
      if (!clientSpoke) trips += 1;
      clientSpoke = true;
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      clientSpoke = false;
      client.write(d);
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
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)),
  );
  const url = new URL(target.toString());
  url.hostname = host;
  url.port = String(port);
  return {
    url: url.toString(),
    trips: () => trips,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
