import { z } from 'zod';

export const dictItem: z.ZodType<DictItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    value: z.string(),
    label: z.string(),
    desc: z.string().nullable(),
    parentId: z.number().int().nullable(),
    orderNum: z.number().int(),
    children: z.array(dictItem).optional(),
  }),
);
export type DictItem = {
  id: number;
  name: string;
  value: string;
  label: string;
  desc: string | null;
  parentId: number | null;
  orderNum: number;
  children?: DictItem[];
};
export const dictType = z.object({ id: z.number().int(), name: z.string(), key: z.string() });
export const dictDataRequest = z.object({ types: z.array(z.string().max(64)).max(50).optional() });
export const dictDataResponse = z.record(z.string(), z.array(dictItem));

export const versionCheckQuery = z.object({
  version: z.string().max(32).optional(),
  code: z.coerce.number().int().optional(),
  platform: z.string().max(32).optional(),
});
export const appVersion = z.object({
  version: z.string(),
  code: z.number().int(),
  description: z.string(),
  url: z.string().nullable(),
  force: z.boolean(),
  publishedAt: z.string(),
});
export const versionCheckResponse = z.object({ hasUpdate: z.boolean(), latest: appVersion.nullable() });

export const uploadModeResponse = z.object({ mode: z.enum(['local', 'cloud']), type: z.string() });
export const uploadResponse = z.object({ url: z.string(), mime: z.string(), size: z.number().int() });
export const paramQuery = z.object({ key: z.string().min(1).max(64) });
export const payWay = z.object({
  code: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  enabled: z.boolean(),
});
export const endpoint = z.object({ method: z.string(), path: z.string(), namespace: z.string() });

export const adminLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(64),
});
export const adminProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
});
