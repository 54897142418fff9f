import crypto from 'node:crypto';
import { CAPTCHA_TTL_MS, type CaptchaKind, type CaptchaResponse } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import {
  PIECE_SIZE,
  ROTATE_MAX_DEG,
  ROTATE_MIN_DEG,
  ROTATE_SIZE,
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  SLIDE_X_MAX,
  SLIDE_X_MIN,
  renderRotate,
  renderSlide,
} from './captcha.images';
import { deleteExpiredCaptchas, insertCaptcha, spendCaptcha } from './captcha.repository';

/** How far the dropped piece may be from the hole, in px of the 300 px wide picture. */
export const SLIDE_TOLERANCE_PX = 5;
/** How far the turned picture may be from upright, in degrees either way. */
export const ROTATE_TOLERANCE_DEG = 8;

const CAPTCHA_ID = /^[0-9a-f]{32}$/;

/** Creates a single-use captcha of the given kind; the answer stays on the server. Call before showing one. */
export async function createCaptcha(ctx: AppContext, kind: CaptchaKind): Promise<CaptchaResponse> {
  const at = now();
  // Spent and abandoned captchas are useless once expired; clearing them here keeps the table small.
  await deleteExpiredCaptchas(ctx.db, at);
  const captchaId = crypto.randomBytes(16).toString('hex');
  if (kind === 'slide') {
    const answer = crypto.randomInt(SLIDE_X_MIN, SLIDE_X_MAX + 1);
    const img = renderSlide(answer);
    await insertCaptcha(ctx.db, {
      id: captchaId,
      kind,
      answer,
      expiresAt: at + CAPTCHA_TTL_MS,
      createdAt: at,
    });
    return {
      captchaId,
      type: kind,
      width: SLIDE_WIDTH,
      height: SLIDE_HEIGHT,
      image: img.image,
      piece: img.piece,
      pieceY: img.y,
      pieceSize: PIECE_SIZE,
    };
  }
  const answer = crypto.randomInt(ROTATE_MIN_DEG, ROTATE_MAX_DEG + 1);
  const img = renderRotate(answer);
  await insertCaptcha(ctx.db, { id: captchaId, kind, answer, expiresAt: at + CAPTCHA_TTL_MS, createdAt: at });
  return { captchaId, type: kind, width: ROTATE_SIZE, height: ROTATE_SIZE, image: img.image };
}

/** Whether a submitted answer is close enough: x offset for slide, clockwise degrees (mod 360) for rotate. */
export function isAnswerClose(kind: CaptchaKind, expected: number, given: number): boolean {
  if (!Number.isFinite(given)) return false;
  if (kind === 'slide') return Math.abs(given - expected) <= SLIDE_TOLERANCE_PX;
  const diff = (((given - expected) % 360) + 360) % 360;
  return Math.min(diff, 360 - diff) <= ROTATE_TOLERANCE_DEG;
}

/**
 * Checks and spends a captcha; throws CAPTCHA_INVALID when it is unknown, expired, already used or
 * answered wrongly. Call it before the action the captcha protects (SMS send, password login).
 *
 * Test mode (config `captchaTestMode`, env CAPTCHA_TEST_MODE=1, refused in production): every answer
 * for every captchaId passes, like captcha vendors' test keys, so automated tests can skip the puzzle.
 */
export async function verifyCaptcha(ctx: AppContext, captchaId: string, answer: number): Promise<void> {
  if (ctx.config.captchaTestMode) return;
  if (!CAPTCHA_ID.test(captchaId)) fail('CAPTCHA_INVALID');
  // Spend first, compare after: a wrong answer burns the captcha too (no retrying the same picture),
  // and of two concurrent verifications only one can spend it.
  const row = await spendCaptcha(ctx.db, captchaId, now());
  if (!row || !isAnswerClose(row.kind, row.answer, answer)) fail('CAPTCHA_INVALID');
}
