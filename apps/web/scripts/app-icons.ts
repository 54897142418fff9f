// The app's install icons, drawn at build time with pngjs (no image files in the repository): a white SIM card
// with its cut corner and gold contact plate on the shop's blue. Used by vite.config.ts, which emits them into
// the build, and by the installability test.
import { PNG } from 'pngjs';

type RGB = [number, number, number];

const BLUE: RGB = [0x09, 0x58, 0xd9];
const WHITE: RGB = [0xff, 0xff, 0xff];
const GOLD: RGB = [0xf0, 0xb4, 0x29];

/**
 * Renders one square icon of `size` pixels. `maskable`: the card keeps inside the central 80% safe zone (the
 * launcher may crop the rest to a circle) and the background fills the whole square; otherwise the card is
 * larger and the square has rounded corners.
 */
export function renderIcon(size: number, { maskable = false }: { maskable?: boolean } = {}): Buffer {
  const png = new PNG({ width: size, height: size });
  // the card, in unit coordinates of the square
  const scale = maskable ? 0.62 : 0.72;
  const cardW = scale * 0.72;
  const cardH = scale;
  const left = 0.5 - cardW / 2;
  const top = 0.5 - cardH / 2;
  const cut = cardW * 0.28;
  const radius = 0.03;
  const squareRadius = maskable ? 0 : 0.18;

  const inRoundedRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const inCard = (x: number, y: number) =>
    inRoundedRect(x, y, left, top, left + cardW, top + cardH, radius) && x - left + (y - top) >= cut; // top-left corner cut
  const chip = {
    x0: 0.5 - cardW * 0.28,
    y0: 0.5 - cardH * 0.02,
    x1: 0.5 + cardW * 0.28,
    y1: 0.5 + cardH * 0.3,
  };
  const inChip = (x: number, y: number) => inRoundedRect(x, y, chip.x0, chip.y0, chip.x1, chip.y1, 0.02);

  // 4x4 supersampling for smooth edges
  const N = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < N; sy += 1) {
        for (let sx = 0; sx < N; sx += 1) {
          const x = (px + (sx + 0.5) / N) / size;
          const y = (py + (sy + 0.5) / N) / size;
          if (!inRoundedRect(x, y, 0, 0, 1, 1, squareRadius)) continue;
          const c = inChip(x, y) ? GOLD : inCard(x, y) ? WHITE : BLUE;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((255 * a) / (N * N));
    }
  }
  return PNG.sync.write(png);
}

/** The icons the manifest lists: file name (under the build root), size, purpose. */
export const APP_ICONS: { src: string; size: number; purpose: 'any' | 'maskable' | 'apple' }[] = [
  { src: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { src: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { src: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { src: 'icons/apple-touch-icon-180.png', size: 180, purpose: 'apple' },
];
