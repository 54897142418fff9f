import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAuth } from './auth';

/** The guarantee behind permissions declared beside routes: an operator route without one never starts. */
function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  // tokens and database are read per request only; none is made here
  installAuth(app, {} as never, {} as never);
  // not awaited: the routes are registered, and refused, when the app starts (ready)
  void app.register(async (scope) => register(scope), { prefix: '/api' });
  return app;
}
const answer = async () => ({ ok: true });

describe('operator route permissions', () => {
  it('refuses to start when an operator route declares no permission', async () => {
    const app = appWith((s) => s.post('/admin/thing/add', { config: { auth: 'admin' } }, answer));
    await expect(app.ready()).rejects.toThrow(/POST \/api\/admin\/thing\/add declares no config.permission/);
  });

  it('refuses an operator-realm route outside admin/ without one, and an admin/ path of another realm', async () => {
    const bare = appWith((s) => s.get('/app/goods/stockLog/info', { config: { auth: 'admin' } }, answer));
    await expect(bare.ready()).rejects.toThrow(/declares no config.permission/);
    const user = appWith((s) =>
      s.post('/admin/thing/page', { config: { auth: 'user', permission: 'orders.read' } }, answer),
    );
    await expect(user.ready()).rejects.toThrow(/must declare config.auth 'admin'/);
  });

  it('collects what each operator route declares, and nothing of other routes', async () => {
    const app = appWith((s) => {
      s.post('/admin/thing/add', { config: { auth: 'admin', permission: 'catalogue.write' } }, answer);
      s.get('/app/thing/info', { config: { auth: 'user' } }, answer);
    });
    await app.ready();
    expect([...app.routePermissions]).toEqual([['POST admin/thing/add', 'catalogue.write']]);
    await app.close();
  });
});
