import crypto from 'node:crypto';
import { PNG } from 'pngjs';

/*
 * Procedural captcha pictures, drawn pixel by pixel and encoded with pngjs. Every picture comes from
 * a fresh random seed, so no two are alike and there is no finite image set to precompute answers for.
 */

export const SLIDE_WIDTH = 300;
export const SLIDE_HEIGHT = 160;
/** The piece's bounding box: a 44 px square body, a round tab on top and right, a notch on the left. */
export const PIECE_SIZE = 56;
export const SLIDE_X_MIN = 80;
export const SLIDE_X_MAX = 240;
export const ROTATE_SIZE = 200;
export const ROTATE_MIN_DEG = 30;
export const ROTATE_MAX_DEG = 330;

type Rgb = [number, number, number];
type Rand = () => number;

/** sfc32 seeded from the OS: fast enough for per-pixel noise, and not guessable from earlier pictures. */
function seededRandom(): Rand {
  const s = new Uint32Array(crypto.randomBytes(16).buffer.slice(0, 16));
  let [a, b, c, d] = [s[0]!, s[1]!, s[2]!, s[3]!];
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

const between = (rand: Rand, lo: number, hi: number) => lo + rand() * (hi - lo);
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** An RGBA float canvas; alpha-blended drawing with anti-aliased edges from signed distances. */
class Canvas {
  readonly data: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.data = new Float32Array(w * h * 4);
  }

  blend(x: number, y: number, c: Rgb, alpha: number) {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (y * this.w + x) * 4;
    const d = this.data;
    d[i] = d[i]! + (c[0] - d[i]!) * alpha;
    d[i + 1] = d[i + 1]! + (c[1] - d[i + 1]!) * alpha;
    d[i + 2] = d[i + 2]! + (c[2] - d[i + 2]!) * alpha;
    d[i + 3] = d[i + 3]! + (255 - d[i + 3]!) * alpha;
  }

  /** Fills the region where sdf < 0 within the box [x0,x1)x[y0,y1), edges anti-aliased. */
  fillSdf(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    sdf: (x: number, y: number) => number,
    c: Rgb,
    alpha = 1,
  ) {
    const xa = Math.max(0, Math.floor(x0));
    const ya = Math.max(0, Math.floor(y0));
    const xb = Math.min(this.w, Math.ceil(x1));
    const yb = Math.min(this.h, Math.ceil(y1));
    for (let y = ya; y < yb; y++)
      for (let x = xa; x < xb; x++) {
        const cov = clamp01(0.5 - sdf(x + 0.5, y + 0.5));
        if (cov > 0) this.blend(x, y, c, cov * alpha);
      }
  }

  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1) {
    this.fillSdf(
      cx - r - 1,
      cy - r - 1,
      cx + r + 1,
      cy + r + 1,
      (x, y) => Math.hypot(x - cx, y - cy) - r,
      c,
      alpha,
    );
  }

  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1) {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    this.fillSdf(
      x0 - 1,
      y0 - 1,
      x1 + 1,
      y1 + 1,
      (x, y) => boxSdf(x, y, cx, cy, (x1 - x0) / 2, (y1 - y0) / 2),
      c,
      alpha,
    );
  }

  line(ax: number, ay: number, bx: number, by: number, width: number, c: Rgb, alpha = 1) {
    const pad = width + 1;
    this.fillSdf(
      Math.min(ax, bx) - pad,
      Math.min(ay, by) - pad,
      Math.max(ax, bx) + pad,
      Math.max(ay, by) + pad,
      (x, y) => segmentDistance(x, y, ax, ay, bx, by) - width / 2,
      c,
      alpha,
    );
  }

  triangle(pts: [number, number][], c: Rgb, alpha = 1) {
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    this.fillSdf(
      Math.min(...xs) - 1,
      Math.min(...ys) - 1,
      Math.max(...xs) + 1,
      Math.max(...ys) + 1,
      (x, y) => triangleSdf(x, y, pts),
      c,
      alpha,
    );
  }

  noise(rand: Rand, amount: number) {
    const d = this.data;
    for (let i = 0; i < d.length; i += 4) {
      const r = rand();
      const n = r < 0.5 ? 0 : r < 0.75 ? -amount : amount;
      d[i] = d[i]! + n;
      d[i + 1] = d[i + 1]! + n;
      d[i + 2] = d[i + 2]! + n;
    }
  }

  toDataUrl(withAlpha: boolean): string {
    const png = new PNG({ width: this.w, height: this.h });
    const d = this.data;
    for (let i = 0; i < d.length; i++) {
      const v = d[i]!;
      png.data[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
    const buf = PNG.sync.write(png, {
      colorType: withAlpha ? 6 : 2,
      inputHasAlpha: true,
      deflateLevel: 6,
    });
    return `data:image/png;base64,${buf.toString('base64')}`;
  }
}

function boxSdf(x: number, y: number, cx: number, cy: number, hx: number, hy: number) {
  const dx = Math.abs(x - cx) - hx;
  const dy = Math.abs(y - cy) - hy;
  return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0);
}

function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number) {
  const vx = bx - ax;
  const vy = by - ay;
  const t = clamp01(((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy || 1));
  return Math.hypot(x - ax - vx * t, y - ay - vy * t);
}

function triangleSdf(x: number, y: number, p: [number, number][]) {
  let d = Infinity;
  let inside = true;
  let sign = 0;
  for (let i = 0; i < 3; i++) {
    const [ax, ay] = p[i]!;
    const [bx, by] = p[(i + 1) % 3]!;
    d = Math.min(d, segmentDistance(x, y, ax, ay, bx, by));
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const s = Math.sign(cross);
    if (s !== 0) {
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
  }
  return inside ? -d : d;
}

/** Signed distance to the jigsaw piece, in the piece's own coordinates (negative inside). */
export function pieceSdf(x: number, y: number): number {
  const body = boxSdf(x, y, 23, 33, 22, 22);
  const topTab = Math.hypot(x - 23, y - 10) - 8;
  const rightTab = Math.hypot(x - 46, y - 33) - 8;
  const leftNotch = Math.hypot(x - 1, y - 33) - 7;
  return Math.max(Math.min(body, topTab, rightTab), -leftNotch);
}

function paintBackground(c: Canvas, rand: Rand) {
  const hue = between(rand, 0, 360);
  const from = hsl(hue, between(rand, 0.35, 0.7), between(rand, 0.35, 0.6));
  const to = hsl((hue + between(rand, 60, 180)) % 360, between(rand, 0.35, 0.7), between(rand, 0.35, 0.65));
  const angle = between(rand, 0, Math.PI * 2);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const span = Math.abs(ux) * c.w + Math.abs(uy) * c.h;
  const d = c.data;
  for (let y = 0; y < c.h; y++)
    for (let x = 0; x < c.w; x++) {
      const t = clamp01(((x - c.w / 2) * ux + (y - c.h / 2) * uy) / span + 0.5);
      const i = (y * c.w + x) * 4;
      d[i] = from[0] + (to[0] - from[0]) * t;
      d[i + 1] = from[1] + (to[1] - from[1]) * t;
      d[i + 2] = from[2] + (to[2] - from[2]) * t;
      d[i + 3] = 255;
    }
  const shapes = 10 + Math.floor(rand() * 8);
  for (let s = 0; s < shapes; s++) {
    const color = hsl(between(rand, 0, 360), between(rand, 0.3, 0.9), between(rand, 0.25, 0.8));
    const alpha = between(rand, 0.35, 0.9);
    const x = between(rand, -20, c.w + 20);
    const y = between(rand, -20, c.h + 20);
    const size = between(rand, 10, 55);
    const kind = Math.floor(rand() * 3);
    if (kind === 0) c.circle(x, y, size / 2, color, alpha);
    else if (kind === 1)
      c.rect(x, y, x + size * between(rand, 0.5, 1.8), y + size * between(rand, 0.4, 1.2), color, alpha);
    else
      c.triangle(
        [
          [x, y],
          [x + between(rand, -size, size), y + size],
          [x + between(rand, -size, size), y + between(rand, -size, size)],
        ],
        color,
        alpha,
      );
  }
  const lines = 5 + Math.floor(rand() * 5);
  for (let l = 0; l < lines; l++) {
    const color = hsl(between(rand, 0, 360), between(rand, 0.3, 0.9), between(rand, 0.3, 0.9));
    c.line(
      between(rand, 0, c.w),
      between(rand, 0, c.h),
      between(rand, 0, c.w),
      between(rand, 0, c.h),
      between(rand, 1, 4),
      color,
      between(rand, 0.4, 0.9),
    );
  }
  c.noise(rand, 10);
}

/** Darkens the piece's outline into the background at (px, py) and gives it a soft light rim. */
function cutHole(c: Canvas, px: number, py: number, darken: number, rim: number, mirror: boolean) {
  const d = c.data;
  for (let y = 0; y < PIECE_SIZE; y++)
    for (let x = 0; x < PIECE_SIZE; x++) {
      const lx = mirror ? PIECE_SIZE - 1 - x : x;
      const sdf = pieceSdf(lx + 0.5, y + 0.5);
      const cov = clamp01(0.5 - sdf);
      const glow = Math.exp(-((sdf + 0.5) ** 2) / 1.6) * rim;
      if (cov <= 0 && glow < 0.02) continue;
      const i = ((py + y) * c.w + px + x) * 4;
      const k = 1 - darken * cov;
      for (let ch = 0; ch < 3; ch++) {
        const v = d[i + ch]! * k;
        d[i + ch] = v + (235 - v) * glow;
      }
    }
}

export type SlideImages = { image: string; piece: string; x: number; y: number };

/** The drag-puzzle: a background with a piece-shaped hole at a random x (the answer), and the piece. */
export function renderSlide(answerX: number): SlideImages {
  const rand = seededRandom();
  const bg = new Canvas(SLIDE_WIDTH, SLIDE_HEIGHT);
  paintBackground(bg, rand);
  const y = 4 + Math.floor(rand() * (SLIDE_HEIGHT - PIECE_SIZE - 8 + 1));

  const piece = new Canvas(PIECE_SIZE, PIECE_SIZE);
  for (let py = 0; py < PIECE_SIZE; py++)
    for (let px = 0; px < PIECE_SIZE; px++) {
      const sdf = pieceSdf(px + 0.5, py + 0.5);
      const cov = clamp01(0.5 - sdf);
      if (cov <= 0) continue;
      const src = ((y + py) * SLIDE_WIDTH + answerX + px) * 4;
      const dst = (py * PIECE_SIZE + px) * 4;
      const rim = Math.exp(-((sdf + 0.8) ** 2) / 1.2) * 0.75;
      for (let ch = 0; ch < 3; ch++) {
        const v = bg.data[src + ch]!;
        piece.data[dst + ch] = v + (250 - v) * rim;
      }
      piece.data[dst + 3] = cov * 255;
    }

  // A fainter, mirrored decoy away from the piece's row, so a bot cannot just look for "the dark blob".
  const decoyX = SLIDE_X_MIN + Math.floor(rand() * (SLIDE_X_MAX - SLIDE_X_MIN));
  const decoyY = y > SLIDE_HEIGHT / 2 - PIECE_SIZE / 2 ? 2 : SLIDE_HEIGHT - PIECE_SIZE - 2;
  if (Math.abs(decoyX - answerX) > PIECE_SIZE && Math.abs(decoyY - y) > PIECE_SIZE / 2)
    cutHole(bg, decoyX, decoyY, 0.25, 0.3, true);
  cutHole(bg, answerX, y, 0.55, 0.7, false);

  return { image: bg.toDataUrl(false), piece: piece.toDataUrl(true), x: answerX, y };
}

/** A small landscape with an obvious "up": sky, sun and clouds above, ground with a house and a tree below. */
function paintScene(c: Canvas, rand: Rand) {
  const size = c.w;
  const horizon = size / 2 + between(rand, 12, 30);
  const skyTop = hsl(between(rand, 200, 225), between(rand, 0.6, 0.85), between(rand, 0.4, 0.5));
  const skyLow = hsl(between(rand, 190, 205), between(rand, 0.55, 0.8), between(rand, 0.72, 0.82));
  const groundHue = between(rand, 85, 135);
  const grassNear = hsl(groundHue, between(rand, 0.45, 0.7), between(rand, 0.25, 0.35));
  const grassFar = hsl(groundHue, between(rand, 0.45, 0.7), between(rand, 0.4, 0.5));
  const waveA = between(rand, 3, 8);
  const waveF = between(rand, 0.02, 0.05);
  const waveP = between(rand, 0, Math.PI * 2);
  const d = c.data;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const edge = horizon + waveA * Math.sin(x * waveF + waveP);
      let col: Rgb;
      if (y < edge) {
        const t = y / edge;
        col = [
          skyTop[0] + (skyLow[0] - skyTop[0]) * t,
          skyTop[1] + (skyLow[1] - skyTop[1]) * t,
          skyTop[2] + (skyLow[2] - skyTop[2]) * t,
        ];
      } else {
        const t = clamp01((y - edge) / (size - edge));
        col = [
          grassFar[0] + (grassNear[0] - grassFar[0]) * t,
          grassFar[1] + (grassNear[1] - grassFar[1]) * t,
          grassFar[2] + (grassNear[2] - grassFar[2]) * t,
        ];
      }
      d[i] = col[0];
      d[i + 1] = col[1];
      d[i + 2] = col[2];
      d[i + 3] = 255;
    }

  const left = rand() < 0.5;
  const sunX = left ? between(rand, 38, 70) : between(rand, 130, 162);
  const sunY = between(rand, 38, 60);
  const sunR = between(rand, 11, 16);
  c.circle(sunX, sunY, sunR + 7, [255, 240, 170], 0.35);
  c.circle(sunX, sunY, sunR, hsl(between(rand, 40, 52), 0.95, 0.58));

  const clouds = 1 + Math.floor(rand() * 2);
  for (let k = 0; k < clouds; k++) {
    const cx = left ? between(rand, 95, 150) : between(rand, 50, 105);
    const cy = between(rand, 30, horizon - 35);
    const w = between(rand, 14, 22);
    c.circle(cx, cy, w * 0.6, [248, 250, 255], 0.9);
    c.circle(cx + w * 0.7, cy + 3, w * 0.5, [248, 250, 255], 0.9);
    c.circle(cx - w * 0.7, cy + 3, w * 0.45, [248, 250, 255], 0.9);
  }

  for (let b = 0; b < 2; b++) {
    const bx = between(rand, 60, 140);
    const by = between(rand, 25, horizon - 30);
    c.line(bx - 5, by - 3, bx, by, 1.4, [40, 40, 50]);
    c.line(bx, by, bx + 5, by - 3, 1.4, [40, 40, 50]);
  }

  // House and tree stand on the ground on opposite sides.
  const houseLeft = rand() < 0.5;
  const hw = between(rand, 36, 46);
  const hh = between(rand, 24, 32);
  const hx = houseLeft ? between(rand, 42, 62) : between(rand, 98, 118);
  const base = horizon + between(rand, 14, 22);
  const wall = hsl(between(rand, 0, 60), between(rand, 0.3, 0.6), between(rand, 0.7, 0.85));
  const roof = hsl(between(rand, 0, 25), between(rand, 0.55, 0.8), between(rand, 0.35, 0.45));
  c.rect(hx, base - hh, hx + hw, base, wall);
  c.triangle(
    [
      [hx - 5, base - hh + 1],
      [hx + hw + 5, base - hh + 1],
      [hx + hw / 2, base - hh - between(rand, 16, 24)],
    ],
    roof,
  );
  c.rect(hx + hw * 0.4, base - hh * 0.6, hx + hw * 0.6, base, [110, 70, 40]);
  c.rect(hx + hw * 0.12, base - hh * 0.75, hx + hw * 0.3, base - hh * 0.45, [170, 210, 240]);
  c.rect(hx + hw * 0.7, base - hh * 0.75, hx + hw * 0.88, base - hh * 0.45, [170, 210, 240]);

  const tx = houseLeft ? between(rand, 125, 150) : between(rand, 45, 70);
  const tBase = horizon + between(rand, 12, 24);
  const tH = between(rand, 26, 36);
  c.rect(tx - 3, tBase - tH, tx + 3, tBase, [105, 70, 40]);
  const leaf = hsl(between(rand, 95, 140), between(rand, 0.45, 0.7), between(rand, 0.22, 0.32));
  c.circle(tx, tBase - tH - 4, between(rand, 12, 16), leaf);
  c.circle(tx - 8, tBase - tH + 4, between(rand, 8, 11), leaf);
  c.circle(tx + 8, tBase - tH + 4, between(rand, 8, 11), leaf);

  for (let f = 0; f < 14; f++) {
    const fx = between(rand, 20, 180);
    const fy = between(rand, horizon + 30, size - 12);
    c.circle(fx, fy, between(rand, 1.2, 2.2), hsl(between(rand, 0, 360), 0.8, 0.65));
  }
  c.noise(rand, 6);
}

export type RotateImage = { image: string };

/**
 * The rotate-to-position picture: the scene turned counter-clockwise by `answerDeg`, cut to a circle,
 * so turning it clockwise by `answerDeg` sets it upright.
 */
export function renderRotate(answerDeg: number): RotateImage {
  const rand = seededRandom();
  const size = ROTATE_SIZE;
  const scene = new Canvas(size, size);
  paintScene(scene, rand);
  const out = new Canvas(size, size);
  const rad = (answerDeg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const half = size / 2;
  const sd = scene.data;
  const od = out.data;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const rx = x + 0.5 - half;
      const ry = y + 0.5 - half;
      const cov = clamp01(half - 0.5 - Math.hypot(rx, ry));
      if (cov <= 0) continue;
      // out(p) = scene(R_cw(answer) p), with y pointing down; bilinear sampling.
      const sx = Math.min(size - 1.001, Math.max(0, cos * rx - sin * ry + half - 0.5));
      const sy = Math.min(size - 1.001, Math.max(0, sin * rx + cos * ry + half - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * size + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + size * 4;
      const i11 = i01 + 4;
      const o = (y * size + x) * 4;
      for (let ch = 0; ch < 3; ch++) {
        const top = sd[i00 + ch]! + (sd[i10 + ch]! - sd[i00 + ch]!) * fx;
        const bottom = sd[i01 + ch]! + (sd[i11 + ch]! - sd[i01 + ch]!) * fx;
        od[o + ch] = top + (bottom - top) * fy;
      }
      od[o + 3] = cov * 255;
    }
  return { image: out.toDataUrl(true) };
}
