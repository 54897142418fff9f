// What the menu shows: the areas the signed-in operator may use. The server sends them (`permissions` of
// admin/base/comm/person) and enforces them on every call; the console only hides what would be refused.
import type { AccessControlProvider } from '@refinedev/core';
import { adminArea, type AdminArea } from '@simshop/contracts';

/** The console's menu areas, as the contract names them. */
export const AREAS = adminArea.options;
export type Area = AdminArea;

/** Areas of each role when a server does not send `permissions` (roles of docs/notes admin-shared). */
const ROLE_AREAS: Record<string, readonly Area[]> = {
  owner: AREAS,
  catalogue: ['dashboard', 'catalogue'],
  orders: ['dashboard', 'orders'],
  support: ['dashboard', 'care', 'orders', 'customers'],
  finance: ['dashboard', 'finance', 'orders', 'customers'],
};

export type Person = { id: number; username: string; name: string; role: string; permissions?: string[] };

export function areasOf(person: Pick<Person, 'role' | 'permissions'> | null | undefined): Area[] {
  if (!person) return [];
  const given = person.permissions ?? ROLE_AREAS[person.role] ?? [];
  return AREAS.filter((a) => given.includes(a));
}

/** Builds Refine's access control from a loader of the operator's areas: a resource shows when its area is allowed. */
export function accessControlOf(loadAreas: () => Promise<Area[]>): AccessControlProvider {
  return {
    can: async ({ resource, params }) => {
      const area = (params?.resource?.meta?.area ?? resource) as string | undefined;
      if (!area) return { can: true };
      const areas = await loadAreas();
      return { can: areas.includes(area as Area) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
