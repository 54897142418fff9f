import { z } from 'zod';
import { SUCCESS_CODE } from './constants';

/** Every response: `{ code, data, message }`; code 1000 is success. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), data, message: z.string() });
export type Envelope<T> = { code: number; data: T; message: string };

export const pageRequest = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  order: z.string().max(32).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});
export const pagination = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ list: z.array(item), pagination });

export const idQuery = z.object({ id: z.coerce.number().int().positive() });
export const empty = z.null();
export const isSuccess = (code: number) => code === SUCCESS_CODE;
