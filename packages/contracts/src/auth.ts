import { z } from 'zod';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from './constants';

/** Phone as typed: national digits (default region) or E.164 with `+country`. The server normalises to E.164. */
export const phoneInput = z.string().trim().min(1).max(32);
export const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`));
export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const captchaKind = z.enum(['slide', 'rotate']);
export type CaptchaKind = z.infer<typeof captchaKind>;

export const captchaQuery = z.object({ type: captchaKind.default('slide') });
/** Slide: drag the piece to the hole (answer = x offset in px). Rotate: turn the picture upright (answer = degrees turned). */
export const captchaResponse = z.object({
  captchaId: z.string(),
  type: captchaKind,
  width: z.number().int(),
  height: z.number().int(),
  image: z.string().describe('PNG data URL: slide background with the hole, or the turned picture'),
  piece: z.string().optional().describe('slide only: PNG data URL of the piece'),
  pieceY: z.number().int().optional(),
  pieceSize: z.number().int().optional(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;
export const captchaAnswer = z.object({
  captchaId: z.string().min(1).max(64),
  captchaAnswer: z.coerce.number().min(-360).max(1000),
});

export const codePurpose = z.enum(['login', 'register', 'password', 'bindPhone', 'logoff']);
export const sendSmsCodeRequest = captchaAnswer.extend({
  phone: phoneInput,
  purpose: codePurpose.default('login'),
});
export const sendEmailCodeRequest = captchaAnswer.extend({
  email: z.email().max(254),
  purpose: codePurpose.default('register'),
});
export const sendCodeResponse = z.object({ target: z.string(), resendAfter: z.number().int() });

export const tokenResponse = z.object({
  token: z.string(),
  expire: z.number().int().describe('seconds until the access token expires'),
  refreshToken: z.string(),
  refreshExpire: z.number().int().describe('seconds until the refresh token expires'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;
export const loginType = z.enum(['sms', 'phonePassword', 'password', 'wechat', 'register']);
export type LoginType = z.infer<typeof loginType>;

/** Must be true; false is answered with AGREEMENT_REQUIRED ("please check the agreement before logging in"). */
export const agreementFlag = z.boolean();
export const smsLoginRequest = z.object({
  phone: phoneInput,
  smsCode,
  agreement: agreementFlag,
});
export const phonePasswordLoginRequest = z.object({
  phone: phoneInput,
  password: z.string().min(1).max(PASSWORD_MAX),
  captchaId: z.string().max(64).optional(),
  captchaAnswer: z.coerce.number().optional(),
});
export const passwordLoginRequest = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX),
  captchaId: z.string().max(64).optional(),
  captchaAnswer: z.coerce.number().optional(),
});
/**
 * The `code` and `state` WeChat appended to the redirect back to the login page, and the `nonce` the
 * browser kept when it started the login (never in a URL): a callback without it is refused.
 */
export const wechatLoginRequest = z.object({
  code: z.string().min(1).max(256),
  state: z.string().min(1).max(1024),
  nonce: z.string().min(1).max(128),
});
/** `redirect`: the app path to open after login (kept in the signed state). */
export const wechatAuthorizeQuery = z.object({ redirect: z.string().max(512).default('/') });
export const wechatAuthorizeResponse = z.object({
  url: z.string().describe('open this in the browser (inside WeChat in production)'),
  state: z.string().describe('single use, 10 minutes; keep it client-side and compare it on return'),
  nonce: z
    .string()
    .describe('keep it in this browser only (not in a URL) and send it with the code: binds the login'),
});
export const wechatLoginResponse = tokenResponse.extend({
  redirect: z.string().describe('the app path given to wechatAuthorizeUrl'),
  isNew: z.boolean().describe('true when this login created the account'),
});
export const refreshTokenRequest = z.object({ refreshToken: z.string().min(1).max(256) });

export const accountKind = z.enum(['personal', 'company']);
export type AccountKind = z.infer<typeof accountKind>;
export const registerRequest = z.object({
  phone: phoneInput,
  smsCode,
  password,
  kind: accountKind,
  agreement: agreementFlag,
});
export const registerResponse = tokenResponse.extend({ registerStep: z.number().int() });
export const personalStep2Request = z
  .object({
    // the nickname rule of user.ts, repeated here because user.ts imports this module
    nickname: z
      .string()
      .trim()
      .min(1)
      .refine((s) => Array.from(s).length <= NICKNAME_MAX, {
        params: { rule: 'nicknameMax', max: NICKNAME_MAX },
      }),
    /** Stored only with `emailCode`, a code (purpose register) sent to that address. */
    email: z.email().max(254).optional(),
    emailCode: smsCode.optional(),
  })
  .refine((v) => !v.email || v.emailCode !== undefined, {
    path: ['emailCode'],
    params: { rule: 'required' },
  });
export const companyStep2Request = z.object({
  companyName: z.string().trim().min(2).max(100),
  ubn: z
    .string()
    .trim()
    .regex(/^\d{8}$/),
  contactName: z.string().trim().min(1).max(50),
  email: z.email().max(254),
  emailCode: smsCode,
});
export const registerStep2Response = z.object({ registerStep: z.number().int() });

/** Demo outbox (`GET /dev/outbox.json`, not under /api): messages that a real gateway would have sent. */
export const outboxQuery = z.object({ to: z.string().trim().max(254).optional() });
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable().describe('the 6-digit code in the body, if any'),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxResponse = z.object({ list: z.array(outboxMessage) });
