import type { AdminArea, AdminRole } from '@simshop/contracts';
import { ADMIN_ROLES } from '@simshop/contracts';

/**
 * Who may do what in the console: the one table every `admin/...` route is checked against (by the hook in
 * `platform/auth.ts`, before validation). A route missing from ROUTE_PERMISSIONS makes the server refuse to
 * start, so a new admin call cannot slip through unchecked. Refusal is ADMIN_FORBIDDEN in the envelope.
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
  care: ['owner', 'support'],
  content: ['owner', 'catalogue'],
  'audit.read': ['owner'],
  operators: ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Every admin call (method and path below /api/), and every operator-realm call elsewhere, and the permission it needs. */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET admin/base/comm/person': 'self',
  'POST admin/base/comm/updatePassword': 'self',
  'POST admin/base/comm/logout': 'self',
  'POST admin/base/comm/upload': 'upload',
  'GET admin/dashboard/summary': 'dashboard',
  'POST admin/audit/page': 'audit.read',
  // operators
  'POST admin/base/sys/admin/page': 'operators',
  'POST admin/base/sys/admin/add': 'operators',
  'POST admin/base/sys/admin/update': 'operators',
  'POST admin/base/sys/admin/setStatus': 'operators',
  'POST admin/base/sys/admin/resetPassword': 'operators',
  // catalogue
  'POST admin/goods/info/page': 'catalogue.read',
  'GET admin/goods/info/info': 'catalogue.read',
  'POST admin/goods/info/add': 'catalogue.write',
  'POST admin/goods/info/update': 'catalogue.write',
  'POST admin/goods/info/onSale': 'catalogue.write',
  'POST admin/goods/info/delete': 'catalogue.write',
  'POST admin/goods/spec/add': 'catalogue.write',
  'POST admin/goods/spec/update': 'catalogue.write',
  'POST admin/goods/spec/delete': 'catalogue.write',
  'POST admin/goods/stock/change': 'catalogue.write',
  // issue 27: price ladders that make no sense
  'GET admin/goods/planLadder/list': 'catalogue.read',
  'POST admin/goods/stockLog/page': 'catalogue.read',
  'POST admin/goods/stockLog/list': 'catalogue.read',
  'GET admin/goods/stockLog/info': 'catalogue.read',
  // the spec's operator-only stock log calls under app/ (same handlers as admin/goods/stockLog)
  'POST app/goods/stockLog/page': 'catalogue.read',
  'POST app/goods/stockLog/list': 'catalogue.read',
  'GET app/goods/stockLog/info': 'catalogue.read',
  'POST admin/goods/type/list': 'catalogue.read',
  'POST admin/goods/type/add': 'catalogue.write',
  'POST admin/goods/type/update': 'catalogue.write',
  'POST admin/goods/type/delete': 'catalogue.write',
  'POST admin/goods/saleType/list': 'catalogue.read',
  'POST admin/goods/saleType/add': 'catalogue.write',
  'POST admin/goods/saleType/update': 'catalogue.write',
  'POST admin/goods/saleType/delete': 'catalogue.write',
  'POST admin/market/banner/list': 'catalogue.read',
  'POST admin/market/banner/add': 'catalogue.write',
  'POST admin/market/banner/update': 'catalogue.write',
  'POST admin/market/banner/delete': 'catalogue.write',
  'POST admin/goods/searchKeyword/list': 'catalogue.read',
  'POST admin/goods/searchKeyword/add': 'catalogue.write',
  'POST admin/goods/searchKeyword/update': 'catalogue.write',
  'POST admin/goods/searchKeyword/delete': 'catalogue.write',
  'POST admin/goods/comment/page': 'catalogue.read',
  'POST admin/goods/comment/status': 'catalogue.write',
  'POST admin/market/coupon/page': 'catalogue.read',
  'GET admin/market/coupon/info': 'catalogue.read',
  'POST admin/market/coupon/add': 'catalogue.write',
  'POST admin/market/coupon/update': 'catalogue.write',
  'POST admin/market/coupon/delete': 'catalogue.write',
  'POST admin/simcard/catalogue/sync': 'partner.sync',
  'GET admin/simcard/pricing/info': 'partner.sync',
  'POST admin/simcard/pricing/update': 'partner.sync',
  'POST admin/simcard/pricing/reset': 'partner.sync',
  // the spec's operator calls of the plan partner bridge (app/billion/api)
  'GET app/billion/api/commodities': 'partner.sync',
  'GET app/billion/api/commodity/price': 'partner.sync',
  'POST app/billion/api/logistics/update': 'orders.write',
  'POST app/billion/api/order/cancel': 'deliveries.retry',
  // orders
  'POST admin/order/info/page': 'orders.read',
  'GET admin/order/info/info': 'orders.read',
  'GET admin/order/info/export': 'orders.export',
  'POST admin/order/info/ship': 'orders.write',
  'POST admin/order/info/tracking': 'orders.write',
  'POST admin/order/info/refund/approve': 'refunds.decide',
  'POST admin/order/info/refund/reject': 'refunds.decide',
  'POST admin/payment/info/page': 'payments.read',
  'POST admin/order/transfer/page': 'transfers.read',
  'GET admin/order/transfer/proof': 'transfers.read',
  'POST admin/order/transfer/verify': 'transfers.decide',
  'POST admin/order/transfer/reject': 'transfers.decide',
  'POST admin/simcard/delivery/page': 'deliveries.read',
  'POST admin/simcard/delivery/retry': 'deliveries.retry',
  'POST admin/simcard/physical/issue': 'orders.write',
  // customers
  'POST admin/user/info/page': 'customers.read',
  'GET admin/user/info/info': 'customers.read',
  'POST admin/user/info/status': 'customers.status',
  'POST admin/user/info/setStatus': 'customers.status',
  'POST admin/user/ledger/adjust': 'ledger.adjust',
  'POST admin/user/ledger/page': 'customers.read',
  'POST admin/user/realName/page': 'customers.read',
  'GET admin/user/realName/info': 'customers.read',
  'POST admin/user/realName/review': 'realname.review',
  // care
  'POST admin/cs/session/page': 'care',
  'GET admin/cs/session/info': 'care',
  'POST admin/cs/session/assign': 'care',
  'POST admin/cs/session/close': 'care',
  'GET admin/cs/session/orders': 'care',
  'POST admin/cs/msg/page': 'care',
  'POST admin/cs/msg/send': 'care',
  'POST admin/cs/msg/read': 'care',
  'GET admin/cs/quickReply/list': 'care',
  'POST admin/cs/quickReply/save': 'care',
  'POST admin/cs/quickReply/delete': 'care',
  'GET admin/cs/ws': 'care',
  'POST admin/app/complain/page': 'care',
  'GET admin/app/complain/info': 'care',
  'POST admin/app/complain/reply': 'care',
  'POST admin/app/complain/status': 'care',
  'POST admin/app/feedback/page': 'care',
  'GET admin/app/feedback/info': 'care',
  'POST admin/app/feedback/reply': 'care',
  'POST admin/app/feedback/status': 'care',
  // content
  'POST admin/app/version/page': 'content',
  'POST admin/app/version/add': 'content',
  'POST admin/app/version/update': 'content',
  'POST admin/app/version/delete': 'content',
  'POST admin/app/agreement/list': 'content',
  'POST admin/app/agreement/save': 'content',
  'POST admin/app/agreement/delete': 'content',
  'POST admin/dict/type/list': 'content',
  'POST admin/dict/type/add': 'content',
  'POST admin/dict/type/update': 'content',
  'POST admin/dict/type/delete': 'content',
  'POST admin/dict/info/list': 'content',
  'POST admin/dict/info/add': 'content',
  'POST admin/dict/info/update': 'content',
  'POST admin/dict/info/delete': 'content',
};

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

/** The permission a route needs, by method and URL as registered (`/api/admin/...`); undefined if unlisted. */
export const routePermission = (method: string, url: string): Permission | undefined =>
  ROUTE_PERMISSIONS[`${method} ${url.replace(/^\/api\//, '')}`];

/** The console areas a role may open (its menu). */
export const areasOf = (role: string): AdminArea[] =>
  (Object.keys(AREAS) as AdminArea[]).filter((area) => can(role, AREAS[area]));
