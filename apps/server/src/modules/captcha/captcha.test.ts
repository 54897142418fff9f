import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@simshop/contracts';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';
import { AppError } from '../../platform/errors';
import { createCaptcha, verifyCaptcha } from './captcha.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

function decode(dataUrl: string): PNG {
  expect(dataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

async function answerOf(captchaId: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('captcha')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return row.answer;
}

async function expectInvalid(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(ErrorCode.CAPTCHA_INVALID);
}

const pixel = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!] as const;
};
const luma = ([r, g, b]: readonly number[]) => 0.3 * r! + 0.59 * g! + 0.11 * b!;

describe('slide captcha', () => {
  it('gives a 300x160 background and a separate piece, both PNG', async () => {
    const c = await createCaptcha(t.ctx, 'slide');
    expect(c).toMatchObject({ type: 'slide', width: 300, height: 160, pieceSize: 56 });
    expect(c.captchaId).toMatch(/^[0-9a-f]{32}$/);
    const bg = decode(c.image);
    expect([bg.width, bg.height]).toEqual([300, 160]);
    const piece = decode(c.piece!);
    expect([piece.width, piece.height]).toEqual([56, 56]);
    expect(c.pieceY! >= 0 && c.pieceY! + 56 <= 160).toBe(true);
    // Transparent outside the jigsaw shape, opaque inside it.
    expect(pixel(piece, 1, 1)[3]).toBe(0);
    expect(pixel(piece, 23, 33)[3]).toBe(255);
  });

  it('cuts the piece where the hole is: the background is darkened under the piece at the answer x', async () => {
    const c = await createCaptcha(t.ctx, 'slide');
    const x = await answerOf(c.captchaId);
    expect(x).toBeGreaterThanOrEqual(80);
    expect(x).toBeLessThanOrEqual(240);
    const bg = decode(c.image);
    const piece = decode(c.piece!);
    let holeLuma = 0;
    let pieceLuma = 0;
    for (let dy = 20; dy < 46; dy++)
      for (let dx = 8; dx < 38; dx++) {
        holeLuma += luma(pixel(bg, x + dx, c.pieceY! + dy));
        pieceLuma += luma(pixel(piece, dx, dy));
      }
    expect(holeLuma).toBeLessThan(pieceLuma * 0.6);
  });

  it('accepts a drop within 5 px of the hole, once', async () => {
    const c = await createCaptcha(t.ctx, 'slide');
    const x = await answerOf(c.captchaId);
    await expect(verifyCaptcha(t.ctx, c.captchaId, x + 4.5)).resolves.toBeUndefined();
    await expectInvalid(verifyCaptcha(t.ctx, c.captchaId, x));
  });

  it('rejects a drop 6 px off, and the captcha is spent by the wrong try', async () => {
    const c = await createCaptcha(t.ctx, 'slide');
    const x = await answerOf(c.captchaId);
    await expectInvalid(verifyCaptcha(t.ctx, c.captchaId, x - 6));
    await expectInvalid(verifyCaptcha(t.ctx, c.captchaId, x));
  });

  it('draws a different picture every time', async () => {
    const a = await createCaptcha(t.ctx, 'slide');
    const b = await createCaptcha(t.ctx, 'slide');
    expect(a.captchaId).not.toBe(b.captchaId);
    expect(a.image).not.toBe(b.image);
  });
});

describe('rotate captcha', () => {
  it('gives a 200x200 circular picture, transparent in the corners', async () => {
    const c = await createCaptcha(t.ctx, 'rotate');
    expect(c).toMatchObject({ type: 'rotate', width: 200, height: 200 });
    expect(c.piece).toBeUndefined();
    const img = decode(c.image);
    expect([img.width, img.height]).toEqual([200, 200]);
    expect(pixel(img, 2, 2)[3]).toBe(0);
    expect(pixel(img, 100, 100)[3]).toBe(255);
  });

  it('is upright once turned clockwise by the answer: sky on top, ground below', async () => {
    const c = await createCaptcha(t.ctx, 'rotate');
    const deg = await answerOf(c.captchaId);
    expect(deg).toBeGreaterThanOrEqual(30);
    expect(deg).toBeLessThanOrEqual(330);
    const img = decode(c.image);
    // What the person sees at screen point p after turning clockwise by `turn` is img(R_cw(-turn) p).
    const blueness = (turn: number, py: number) => {
      const a = (-turn * Math.PI) / 180;
      let sum = 0;
      for (let px = -20; px <= 20; px += 4) {
        const x = Math.round(Math.cos(a) * px - Math.sin(a) * py + 100);
        const y = Math.round(Math.sin(a) * px + Math.cos(a) * py + 100);
        const [, g, b] = pixel(img, x, y);
        sum += b - g;
      }
      return sum / 11;
    };
    expect(blueness(deg, -80)).toBeGreaterThan(blueness(deg, 85) + 40);
    // Turned the other way round, it is upside down.
    expect(blueness(deg + 180, 85)).toBeGreaterThan(blueness(deg + 180, -80) + 40);
  });

  it('accepts a turn within 8 degrees, counting full turns, and rejects 9 off', async () => {
    const near = await createCaptcha(t.ctx, 'rotate');
    const deg = await answerOf(near.captchaId);
    await expect(verifyCaptcha(t.ctx, near.captchaId, deg - 8 + 360)).resolves.toBeUndefined();

    const far = await createCaptcha(t.ctx, 'rotate');
    await expectInvalid(verifyCaptcha(t.ctx, far.captchaId, (await answerOf(far.captchaId)) + 9));
  });
});

describe('single use and lifetime', () => {
  it('rejects an unknown or malformed captcha id', async () => {
    await expectInvalid(verifyCaptcha(t.ctx, '0123456789abcdef0123456789abcdef', 100));
    await expectInvalid(verifyCaptcha(t.ctx, 'not-a-captcha', 100));
  });

  it('rejects an expired captcha even with the right answer, and clears expired ones later', async () => {
    const c = await createCaptcha(t.ctx, 'slide');
    const x = await answerOf(c.captchaId);
    await t.ctx.db
      .updateTable('captcha')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', c.captchaId)
      .execute();
    await expectInvalid(verifyCaptcha(t.ctx, c.captchaId, x));
    await createCaptcha(t.ctx, 'rotate');
    const left = await t.ctx.db
      .selectFrom('captcha')
      .select('id')
      .where('id', '=', c.captchaId)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('lets exactly one of two concurrent verifications with the right answer pass', async () => {
    for (const kind of ['slide', 'rotate'] as const) {
      const c = await createCaptcha(t.ctx, kind);
      const answer = await answerOf(c.captchaId);
      const results = await Promise.allSettled([
        verifyCaptcha(t.ctx, c.captchaId, answer),
        verifyCaptcha(t.ctx, c.captchaId, answer),
        verifyCaptcha(t.ctx, c.captchaId, answer),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    }
  });
});

describe('test mode', () => {
  it('passes any answer for any captcha id, as vendors test keys do', async () => {
    // One database per file: the same context with CAPTCHA_TEST_MODE=1 parsed into its config.
    const config = loadConfig({ CAPTCHA_TEST_MODE: '1' });
    expect(config.captchaTestMode).toBe(true);
    const ctx = { ...t.ctx, config };
    const c = await createCaptcha(ctx, 'slide');
    await expect(verifyCaptcha(ctx, c.captchaId, -1)).resolves.toBeUndefined();
    await expect(verifyCaptcha(ctx, c.captchaId, -1)).resolves.toBeUndefined();
    await expect(verifyCaptcha(ctx, 'anything', 0)).resolves.toBeUndefined();
    // The same captcha is still checked for real without test mode.
    await expectInvalid(verifyCaptcha(t.ctx, c.captchaId, -1));
  });
});
