import type { AdminArea, AdminRole } from '@simshop/contracts';
import { ADMIN_ROLES } from '@simshop/contracts';

/**
 * Who may do what in the console. Every operator route names the permission it needs beside itself
 * (`permission` in its `calls(...)` spec, or `config.permission` in the longhand); the hook in
 * `platform/auth.ts` checks it against this table before validation, and an operator route that names none
 * makes the server refuse to start, so a new admin call cannot slip through unchecked. Refusal is
 * ADMIN_FORBIDDEN in the envelope.
 *
 * Roles: owner (everything, incl. operators and the audit log), catalogue (goods, stock, banners, keywords,
 * coupons, partner sync, content), orders (orders, shipping, refunds, eSIM deliveries, export), support (chat,
 * complaints, feedback, real-name queue, read-only orders and customers), finance (refunds, transfers,
 * wallet/points adjustments, read-only orders, export).
 */
const ALL = ADMIN_ROLES;
export const PERMISSIONS = {
  /** the operator's own session: person, password, logout */
  self: ALL,
  dashboard: ALL,
  upload: ['owner', 'catalogue', 'support'],
  'catalogue.read': ['owner', 'catalogue'],
  'catalogue.write': ['owner', 'catalogue'],
  'partner.sync': ['owner', 'catalogue'],
  'orders.read': ['owner', 'orders', 'support', 'finance'],
  'orders.write': ['owner', 'orders'],
  'orders.export': ['owner', 'orders', 'finance'],
  'refunds.decide': ['owner', 'orders', 'finance'],
  'transfers.read': ['owner', 'orders', 'finance'],
  'transfers.decide': ['owner', 'finance'],
  'deliveries.read': ['owner', 'orders'],
  'deliveries.retry': ['owner', 'orders'],
  'customers.read': ['owner', 'orders', 'support', 'finance'],
  'customers.status': ['owner'],
  'realname.review': ['owner', 'support'],
  'ledger.adjust': ['owner', 'finance'],
  'payments.read': ['owner', 'finance'],
  /** e-invoices (issue 28): see them and their problems; load number tracks and retry */
  'invoices.read': ['owner', 'orders', 'finance'],
  'invoices.write': ['owner', 'finance'],
  care: ['owner', 'support'],
  content: ['owner', 'catalogue'],
  'audit.read': ['owner'],
  operators: ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Console menu areas and the permission that opens each. */
const AREAS: Record<AdminArea, Permission> = {
  dashboard: 'dashboard',
  catalogue: 'catalogue.read',
  orders: 'orders.read',
  customers: 'customers.read',
  care: 'care',
  content: 'content',
  finance: 'transfers.decide',
  audit: 'audit.read',
  operators: 'operators',
};

export const isAdminRole = (role: string): role is AdminRole => (ALL as readonly string[]).includes(role);

export const can = (role: string, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly string[]).includes(role);

/** The console areas a role may open (its menu). */
export const areasOf = (role: string): AdminArea[] =>
  (Object.keys(AREAS) as AdminArea[]).filter((area) => can(role, AREAS[area]));
