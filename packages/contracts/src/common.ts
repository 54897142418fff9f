import { z } from 'zod';

export const dictItem: z.ZodType<DictItem> = z
  .lazy(() =>
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
  )
  .meta({ id: 'DictItem' }); // recursive: named so OpenAPI can refer to it
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
export type DictType = z.infer<typeof dictType>;
export const dictTypesResponse = z.array(dictType);
/** `types` absent: every dictionary. Unknown keys are left out of the answer. */
export const dictDataRequest = z.object({ types: z.array(z.string().max(64)).max(50).optional() });
export const dictDataResponse = z.record(z.string(), z.array(dictItem));
export type DictData = z.infer<typeof dictDataResponse>;

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
/** Multipart form with one part named `file` (any field name is accepted): JPEG, PNG, GIF, WebP or PDF by content. */
export const uploadRequest = z.object({
  file: z
    .any()
    .meta({ type: 'string', format: 'binary', description: 'the file (at most UPLOAD_MAX_BYTES)' }),
});
export const uploadMimes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type UploadMime = (typeof uploadMimes)[number];
export const uploadResponse = z.object({
  url: z.string().describe('site-relative, e.g. /uploads/2025-01/abc.png'),
  mime: z.enum(uploadMimes),
  size: z.number().int(),
});
export const paramQuery = z.object({ key: z.string().min(1).max(64) });
export const paramResponse = z.string().describe('the stored value of the parameter');
export const payWayCode = z.enum(['wechat', 'alipay', 'tappay', 'newebpay', 'wallet', 'points', 'transfer']);
export type PayWayCode = z.infer<typeof payWayCode>;
export const payWay = z.object({
  code: payWayCode,
  name: z.string(),
  icon: z.string().nullable(),
  enabled: z.boolean(),
});
export const payListResponse = z.array(payWay);
export const endpoint = z.object({ method: z.string(), path: z.string(), namespace: z.string() });
export const epsResponse = z.array(endpoint);

/** After 3 failed logins in a row the captcha is required, as for buyers; after 10 the operator is locked. */
export const adminLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(64),
  captchaId: z.string().max(64).optional(),
  captchaAnswer: z.coerce.number().optional(),
});
/** An operator changes their own password; every other session of theirs ends. */
export const adminUpdatePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: z.string().min(8).max(64),
});
export const adminProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  /** console menu areas the role opens: dashboard, catalogue, orders, customers, care, content, finance, audit, operators */
  permissions: z.array(z.string()),
});
