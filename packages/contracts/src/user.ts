import { z } from 'zod';
import { NICKNAME_MAX, PASSWORD_MAX } from './constants';
import { accountKind, password, phoneInput, smsCode } from './auth';
import { charCount } from './validators';

export const nickname = z
  .string()
  .trim()
  .min(1)
  .refine((s) => charCount(s) <= NICKNAME_MAX, { params: { rule: 'nicknameMax', max: NICKNAME_MAX } });

export const realNameStatus = z.enum(['none', 'pending', 'verified', 'rejected']);
export const switchFlag = z.union([z.literal(0), z.literal(1)]);

export const userProfile = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
  kind: accountKind,
  registerStep: z.number().int().describe('1: needs step 2; 2: complete'),
  orderReceiving: switchFlag,
  messageNotify: switchFlag,
  language: z.string().nullable(),
  hasPassword: z.boolean(),
  wechatBound: z.boolean(),
  realNameStatus,
  company: z
    .object({ companyName: z.string(), ubn: z.string(), contactName: z.string(), email: z.string() })
    .nullable(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Only these fields can be changed here; anything else in the body is dropped. */
export const updatePersonRequest = z.object({
  nickname: nickname.optional(),
  avatarUrl: z.string().trim().min(1).max(512).optional(),
  orderReceiving: switchFlag.optional(),
  messageNotify: switchFlag.optional(),
  language: z.enum(['zh-Hans', 'zh-Hant', 'en', 'es', 'fr']).optional(),
});
export const updatePasswordRequest = z.object({ password, smsCode });
/**
 * `smsCode` was sent to the new number (purpose bindPhone). Proof that the caller owns the account, not
 * only a session: `oldSmsCode` (purpose bindPhone, sent to the current number) or the `password`; an
 * account with neither a number nor a password has nothing more to prove with.
 */
export const bindPhoneRequest = z.object({
  phone: phoneInput,
  smsCode,
  oldSmsCode: smsCode.optional(),
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
});
export const logoffRequest = z.object({ smsCode });

export const idType = z.enum(['TW_ID', 'PASSPORT']);
export const realNameRequest = z.object({
  legalName: z.string().trim().min(1).max(60),
  idType,
  idNumber: z.string().trim().min(5).max(20),
});
export const realNameResponse = z.object({
  status: realNameStatus,
  legalName: z.string().nullable().describe('masked'),
  idType: idType.nullable(),
  idNumber: z.string().nullable().describe('masked'),
  reason: z.string().nullable(),
});
