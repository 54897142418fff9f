// Refine's data provider over the server's envelope API (architecture section 4). A resource names its calls
// after `admin/`: `goods/info` lists with `admin/goods/info/page` ({ page, size, ...filters } ->
// { list, pagination }), reads with `/info?id=`, writes with `/add`, `/update` ({ id, ...fields }) and
// `/delete` ({ ids }). Resources whose calls differ say so in RESOURCE_CALLS; `custom` reaches any call.
import type { BaseRecord, CrudFilter, DataProvider, LogicalFilter } from '@refinedev/core';
import { request } from './request';

export type ResourceCalls = {
  /** `page`: a paged POST; `list`: a POST or GET answering the whole array (paged here, in the browser). */
  list?: { url: string; mode: 'page' | 'list'; method?: 'GET' | 'POST' };
  one?: { url: string; key?: string } | null;
  create?: string | null;
  update?: string | null;
  remove?: string | null;
};

/** Calls that do not follow the convention (keyed by resource name). */
export const RESOURCE_CALLS: Record<string, ResourceCalls> = {
  'goods/saleType': { list: { url: 'admin/goods/saleType/list', mode: 'list' }, one: null },
  'goods/type': { list: { url: 'admin/goods/type/list', mode: 'list' }, one: null },
  'goods/searchKeyword': { list: { url: 'admin/goods/searchKeyword/list', mode: 'list' }, one: null },
  'market/banner': { list: { url: 'admin/market/banner/list', mode: 'list' }, one: null },
  'cs/quickReply': {
    list: { url: 'admin/cs/quickReply/list', mode: 'list', method: 'GET' },
    one: null,
    create: 'admin/cs/quickReply/save',
    update: 'admin/cs/quickReply/save',
  },
  'order/transfer': { one: null, create: null, update: null, remove: null },
  'simcard/delivery': { one: null, create: null, update: null, remove: null },
  'payment/info': { one: null, create: null, update: null, remove: null },
  'invoice/info': { one: null, create: null, update: null, remove: null },
  'user/realName': {
    one: { url: 'admin/user/realName/info', key: 'userPublicId' },
    create: null,
    update: null,
    remove: null,
  },
  'user/info': { create: null, update: null, remove: null },
  'app/version': { one: null },
  'app/agreement': {
    list: { url: 'admin/app/agreement/list', mode: 'list' },
    one: null,
    create: 'admin/app/agreement/save',
    update: 'admin/app/agreement/save',
  },
  'dict/type': { list: { url: 'admin/dict/type/list', mode: 'list' }, one: null },
  'dict/info': { list: { url: 'admin/dict/info/list', mode: 'list' }, one: null },
  audit: {
    list: { url: 'admin/audit/page', mode: 'page' },
    one: null,
    create: null,
    update: null,
    remove: null,
  },
  'base/sys/admin': { one: null, remove: null },
};

export function callsOf(resource: string): Required<ResourceCalls> {
  const base = `admin/${resource}`;
  const own = RESOURCE_CALLS[resource] ?? {};
  return {
    list: own.list ?? { url: `${base}/page`, mode: 'page' },
    one: own.one === undefined ? { url: `${base}/info`, key: 'id' } : own.one,
    create: own.create === undefined ? `${base}/add` : own.create,
    update: own.update === undefined ? `${base}/update` : own.update,
    remove: own.remove === undefined ? `${base}/delete` : own.remove,
  };
}

const isLogical = (f: CrudFilter): f is LogicalFilter => 'field' in f;
const epochMs = (v: unknown) => {
  const n = typeof v === 'number' ? v : new Date(String(v)).getTime();
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Refine's filters as the server's request fields: `eq`/`contains` -> `field: value`; `between` on a date ->
 * `from`/`to` (epoch ms); `gte`/`lte` -> `from`/`to`. Empty values are left out.
 */
export function filtersToBody(filters: CrudFilter[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of filters.filter(isLogical)) {
    const v = f.value as unknown;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (f.operator === 'between' && Array.isArray(v)) {
      const [from, to] = v as unknown[];
      if (from !== undefined && from !== null) body.from = epochMs(from);
      if (to !== undefined && to !== null) body.to = epochMs(to);
    } else if (f.operator === 'gte') body.from = epochMs(v);
    else if (f.operator === 'lte') body.to = epochMs(v);
    else body[f.field] = v;
  }
  return body;
}

/** Keeps the rows of an unpaged list that match the `eq`/`contains` filters (for list-mode resources). */
function filterRows<T extends BaseRecord>(rows: T[], filters: CrudFilter[] = []): T[] {
  return rows.filter((row) =>
    filters.filter(isLogical).every((f) => {
      if (f.value === undefined || f.value === null || f.value === '') return true;
      const cell = (row as Record<string, unknown>)[f.field];
      if (f.operator === 'contains')
        return JSON.stringify(cell ?? '')
          .toLowerCase()
          .includes(String(f.value).toLowerCase());
      return String(cell) === String(f.value);
    }),
  );
}

type Page<T> = { list: T[]; pagination: { page: number; size: number; total: number } };

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/',

  async getList({ resource, pagination, filters, meta }) {
    const { list } = callsOf(resource);
    const page = pagination?.currentPage ?? 1;
    const size = pagination?.pageSize ?? 20;
    const extra = (meta?.body as Record<string, unknown> | undefined) ?? {};
    if (list.mode === 'page') {
      const answer = await request<Page<BaseRecord>>({
        url: list.url,
        method: 'POST',
        data: { page, size, ...extra, ...filtersToBody(filters) },
      });
      return { data: answer.list as never, total: answer.pagination.total };
    }
    const method = list.method ?? 'POST';
    const all = await request<BaseRecord[]>({
      url: list.url,
      method,
      ...(method === 'POST' ? { data: extra } : { params: extra }),
    });
    const rows = filterRows(all, filters);
    const sliced = pagination?.mode === 'off' ? rows : rows.slice((page - 1) * size, page * size);
    return { data: sliced as never, total: rows.length };
  },

  async getOne({ resource, id }) {
    const { one } = callsOf(resource);
    if (!one) throw new Error(`${resource} has no single-record call`);
    const data = await request<BaseRecord>({ url: one.url, params: { [one.key ?? 'id']: id } });
    return { data: data as never };
  },

  async create({ resource, variables }) {
    const { create } = callsOf(resource);
    if (!create) throw new Error(`${resource} cannot be created`);
    const data = await request<BaseRecord>({ url: create, method: 'POST', data: variables });
    return { data: { ...(variables as BaseRecord), ...(data ?? {}) } as never };
  },

  async update({ resource, id, variables }) {
    const { update } = callsOf(resource);
    if (!update) throw new Error(`${resource} cannot be changed`);
    const data = await request<BaseRecord | null>({
      url: update,
      method: 'POST',
      data: { ...(variables as BaseRecord), id: Number(id) },
    });
    return { data: { ...(variables as BaseRecord), id, ...(data ?? {}) } as never };
  },

  async deleteOne({ resource, id }) {
    const { remove } = callsOf(resource);
    if (!remove) throw new Error(`${resource} cannot be deleted`);
    await request({ url: remove, method: 'POST', data: { ids: [Number(id)] } });
    return { data: { id } as never };
  },

  async deleteMany({ resource, ids }) {
    const { remove } = callsOf(resource);
    if (!remove) throw new Error(`${resource} cannot be deleted`);
    await request({ url: remove, method: 'POST', data: { ids: ids.map(Number) } });
    return { data: ids.map((id) => ({ id })) as never };
  },

  async custom({ url, method, payload, query }) {
    const data = await request<BaseRecord>({
      url: url.replace(/^\/?api\//, ''),
      method: method === 'get' ? 'GET' : 'POST',
      ...(query ? { params: query as Record<string, unknown> } : {}),
      ...(method === 'get' ? {} : { data: payload ?? {} }),
    });
    return { data: data as never };
  },
};
