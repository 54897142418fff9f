import { z } from 'zod';
import { pageRequest } from './envelope';
import { idType, realNameStatus } from './user';

/**
 * Operator roles (the server's table of who may do what is `apps/server/src/platform/roles.ts`): owner
 * (everything, incl. operators and the audit log), catalogue, orders, support, finance.
 */
export const ADMIN_ROLES = ['owner', 'catalogue', 'orders', 'support', 'finance'] as const;
export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;

/** Console menu areas an operator may open, from its role. */
export const adminArea = z.enum([
  'dashboard',
  'catalogue',
  'orders',
  'customers',
  'care',
  'content',
  'finance',
  'audit',
  'operators',
]);
export type AdminArea = z.infer<typeof adminArea>;

export const adminRefreshTokenRequest = z.object({ refreshToken: z.string().min(1).max(256) });

export const userPublicId = z.string().trim().min(1).max(32);

export const adminRealNameQuery = z.object({ userPublicId });
/** What an operator sees to review a submission: the unmasked name and number. */
export const adminRealNameInfo = z.object({
  userPublicId: z.string(),
  nickname: z.string(),
  status: realNameStatus,
  legalName: z.string(),
  idType,
  idNumber: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const adminRealNamePageRequest = pageRequest.extend({
  status: z.enum(['pending', 'verified', 'rejected']).optional(),
});
export const adminRealNameReviewRequest = z.object({
  userPublicId,
  approve: z.boolean(),
  reason: z.string().trim().max(200).optional(),
});
export const adminRealNameReviewResponse = z.object({ status: realNameStatus });

/** 0 disables the user (and ends their sessions), 1 enables them again. */
export const adminUserStatusRequest = z.object({
  userPublicId,
  status: z.union([z.literal(0), z.literal(1)]),
});
export const adminUserStatusResponse = z.object({ userPublicId: z.string(), status: z.number().int() });
