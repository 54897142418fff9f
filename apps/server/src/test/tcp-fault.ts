import net from 'node:net';

/**
 * A TCP proxy in front of one server (PostgreSQL, Redis) that plays the faults a network and a stuck server
 * produce, for the reliability tests:
 * - `pass`: bytes flow both ways (the default);
 * - `hold`: every connection, open or new, is accepted and kept, and its bytes in both directions are held,
 *   never delivered: a partition, a primary that vanished, a Redis that stopped answering (SIGSTOP, a full
 *   event loop) without closing anything. Back to `pass`, new connections flow again; the held ones stay
 *   silent (as after a real partition, the peers must give up on them by themselves);
 * - `reset()`: every open connection ended with a TCP RST, as a restarted peer or a balancer does.
 * `connections` counts those accepted; `close()` ends everything.
 */
export async function startFaultProxy(targetPort: number, targetHost = '127.0.0.1') {
  let mode: 'pass' | 'hold' = 'pass';
  const open = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'hold') {
      // accepted, read and never answered
      client.on('data', () => undefined);
      return;
    }
    const up = net.connect(targetPort, targetHost);
    open.add(up);
    up.on('close', () => {
      open.delete(up);
      client.destroy();
    });
    up.on('error', () => up.destroy());
    client.on('close', () => up.destroy());
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        // held bytes are dropped: nothing the peer sent during the partition arrives later
        if (mode === 'pass' && !held.has(from)) to.write(chunk);
      });
    forward(client, up);
    forward(up, client);
    pairs.push([client, up]);
  });
  /** Sockets that were open when a hold began: they stay silent for good. */
  const held = new Set<net.Socket>();
  const pairs: [net.Socket, net.Socket][] = [];
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get connections() {
      return connections;
    },
    /** Holds every byte from now on, on open connections and new ones. */
    hold() {
      mode = 'hold';
      for (const [a, b] of pairs) {
        held.add(a);
        held.add(b);
      }
    },
    /** New connections flow again (connections held before stay silent). */
    pass() {
      mode = 'pass';
    },
    /** Ends every open connection with a TCP reset. */
    reset() {
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        server.close(() => r());
      }),
  };
}
export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
