import { describe, expect, it } from 'vitest';
import { accessControlOf, areasOf } from './access';

describe('menu areas', () => {
  it("follow the server's permissions, else the role's, and never invent an area", () => {
    expect(areasOf({ role: 'catalogue', permissions: ['dashboard', 'catalogue', 'bogus'] })).toEqual([
      'dashboard',
      'catalogue',
    ]);
    expect(areasOf({ role: 'finance' })).toEqual(['dashboard', 'orders', 'customers', 'finance']);
    expect(areasOf({ role: 'owner' })).toContain('operators');
    expect(areasOf({ role: 'stranger' })).toEqual([]);
    expect(areasOf(null)).toEqual([]);
  });

  it('show a resource only when its area is allowed', async () => {
    const can = accessControlOf(async () => ['dashboard', 'orders']).can;
    const ask = (area: string) =>
      can({ resource: 'x', action: 'list', params: { resource: { name: 'x', meta: { area } } } });
    expect(await ask('orders')).toEqual({ can: true });
    expect(await ask('catalogue')).toEqual({ can: false });
    expect(await ask('operators')).toEqual({ can: false });
  });
});
