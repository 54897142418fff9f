// `npm run bench`'s reference: a bare Fastify JSON route in its own process. Prints its port on stdout.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 1000, data: { hello: 'world' }, message: 'success' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
