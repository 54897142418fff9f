import http from 'node:http';
import net from 'node:net';

/**
 * A small round-robin load balancer for tests: one port in front of N instances, as a reverse proxy in
 * production. Each HTTP request and each WebSocket upgrade goes to the next backend in turn; the proxy adds
 * `X-Forwarded-For` (the client it saw, or the one the caller names with `x-test-client-ip`) and answers
 * with `x-backend: <index>` so a test knows which instance served it. `served` counts per backend.
 */
export async function startRoundRobinProxy(
  backends: number[],
  /** The client address to forward when the caller names none (default: the socket's peer). */
  defaultClient?: () => string,
) {
  let next = 0;
  const served = backends.map(() => 0);
  /** The backend index each WebSocket upgrade went to, in order. */
  const upgrades: number[] = [];
  const pick = () => {
    const i = next;
    next = (next + 1) % backends.length;
    served[i]! += 1;
    return i;
  };
  const clientOf = (req: http.IncomingMessage) =>
    (req.headers['x-test-client-ip'] as string | undefined) ??
    defaultClient?.() ??
    req.socket.remoteAddress ??
    '127.0.0.1';

  const server = http.createServer((req, res) => {
    const i = pick();
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': clientOf(req) };
    delete headers['x-test-client-ip'];
    const up = http.request(
      { host: '127.0.0.1', port: backends[i], method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(i) });
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-backend': String(i) });
      res.end();
    });
    req.pipe(up);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const i = pick();
    upgrades.push(i);
    const up = net.connect(backends[i]!, '127.0.0.1', () => {
      const headers = { ...req.headers, 'x-forwarded-for': clientOf(req) };
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const end = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    served,
    upgrades,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
