import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Catalogue pictures drawn locally as SVG (no downloads): flags from simple stripe, disc and star layouts,
 * neutral artwork with the code where a flag is too intricate, goods cards, category icons and banners.
 * Everything is deterministic, so the same name always holds the same picture. Pictures carry no words
 * in any language (codes and "eSIM" only): titles come from the API in the reader's language.
 */

const W = 60;
const H = 40;
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w * 4}" height="${h * 4}">${body}</svg>\n`;
/** A list of [x, y] points, typed as pairs so each point reads as two numbers. */
const points = (...p: [number, number][]) => p;
const rect = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;

/** A regular star polygon (5 points by default). */
function star(
  cx: number,
  cy: number,
  r: number,
  fill: string,
  points = 5,
  inner = 0.382,
  rotate = -90,
): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const rr = i % 2 === 0 ? r : r * inner;
    const a = ((rotate + (i * 180) / points) * Math.PI) / 180;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}
const hStripes = (colors: string[]) =>
  colors.map((c, i) => rect(0, (H / colors.length) * i, W, H / colors.length + 0.1, c)).join('');
const vStripes = (colors: string[]) =>
  colors.map((c, i) => rect((W / colors.length) * i, 0, W / colors.length + 0.1, H, c)).join('');
const crescent = (cx: number, cy: number, r: number, fg: string, bg: string, shift: number) =>
  circle(cx, cy, r, fg) + circle(cx + shift, cy, r * 0.8, bg);

const unionJack = () =>
  rect(0, 0, W, H, '#012169') +
  `<path d="M0,0 L60,40 M60,0 L0,40" stroke="#fff" stroke-width="8"/>` +
  `<path d="M0,0 L60,40 M60,0 L0,40" stroke="#C8102E" stroke-width="2.6"/>` +
  `<path d="M30,0 V40 M0,20 H60" stroke="#fff" stroke-width="13"/>` +
  `<path d="M30,0 V40 M0,20 H60" stroke="#C8102E" stroke-width="8"/>`;
const canton = (body: string) => `<svg x="0" y="0" width="30" height="20" viewBox="0 0 60 40">${body}</svg>`;

const FLAGS: Record<string, () => string> = {
  JP: () => rect(0, 0, W, H, '#fff') + circle(30, 20, 12, '#BC002D'),
  KR: () =>
    rect(0, 0, W, H, '#fff') +
    `<path d="M20,20 A10,10 0 0 1 40,20 Z" fill="#CD2E3A"/><path d="M20,20 A10,10 0 0 0 40,20 Z" fill="#0047A0"/>` +
    points([9, 8], [51, 8], [9, 32], [51, 32])
      .map(
        ([x, y]) =>
          `<g transform="rotate(${x < 30 === y < 20 ? -33 : 33} ${x} ${y})">${rect(x - 5, y - 4, 10, 1.6, '#000')}${rect(x - 5, y - 0.8, 10, 1.6, '#000')}${rect(x - 5, y + 2.4, 10, 1.6, '#000')}</g>`,
      )
      .join(''),
  TH: () => hStripes(['#A51931', '#F4F5F8', '#2D2A4A', '#2D2A4A', '#F4F5F8', '#A51931']),
  US: () =>
    Array.from({ length: 13 }, (_, i) =>
      rect(0, (H / 13) * i, W, H / 13 + 0.1, i % 2 ? '#fff' : '#B22234'),
    ).join('') +
    rect(0, 0, 24, (H / 13) * 7, '#3C3B6E') +
    Array.from({ length: 20 }, (_, i) =>
      circle(2.6 + (i % 5) * 4.7, 2.4 + Math.floor(i / 5) * 5.3, 0.9, '#fff'),
    ).join(''),
  VN: () => rect(0, 0, W, H, '#DA251D') + star(30, 20, 11, '#FFFF00'),
  SG: () =>
    rect(0, 0, W, H / 2, '#EF3340') +
    rect(0, H / 2, W, H / 2, '#fff') +
    crescent(12, 10, 6.5, '#fff', '#EF3340', 2.6) +
    [0, 1, 2, 3, 4]
      .map((i) =>
        star(
          17 + 4 * Math.cos((i * 72 - 90) * (Math.PI / 180)),
          10 + 4 * Math.sin((i * 72 - 90) * (Math.PI / 180)),
          1.3,
          '#fff',
        ),
      )
      .join(''),
  HK: () =>
    rect(0, 0, W, H, '#DE2910') +
    [0, 72, 144, 216, 288]
      .map((a) => `<ellipse cx="30" cy="13" rx="3.6" ry="7" fill="#fff" transform="rotate(${a} 30 20)"/>`)
      .join(''),
  MO: () =>
    rect(0, 0, W, H, '#00785E') +
    `<path d="M22,26 Q30,14 38,26 Z" fill="#fff"/><path d="M18,30 H42" stroke="#fff" stroke-width="2"/>` +
    [-8, -4, 0, 4, 8]
      .map((d, i) => star(30 + d * 1.4, i === 2 ? 8 : 11 - Math.abs(d) * 0.1, i === 2 ? 3 : 1.6, '#FBD116'))
      .join(''),
  CN: () =>
    rect(0, 0, W, H, '#DE2910') +
    star(10, 10, 6, '#FFDE00') +
    points([20, 4], [24, 8], [24, 14], [20, 18])
      .map(([x, y]) => star(x, y, 2, '#FFDE00'))
      .join(''),
  MY: () =>
    Array.from({ length: 14 }, (_, i) =>
      rect(0, (H / 14) * i, W, H / 14 + 0.1, i % 2 ? '#fff' : '#CC0001'),
    ).join('') +
    rect(0, 0, 30, (H / 14) * 8, '#010066') +
    crescent(11, 11.4, 7, '#FFCC00', '#010066', 2.2) +
    star(21, 11.4, 5, '#FFCC00', 14, 0.45),
  PH: () =>
    rect(0, 0, W, H / 2, '#0038A8') +
    rect(0, H / 2, W, H / 2, '#CE1126') +
    `<polygon points="0,0 34.6,20 0,40" fill="#fff"/>` +
    circle(11.5, 20, 4.5, '#FCD116') +
    star(3.5, 5, 1.6, '#FCD116') +
    star(3.5, 35, 1.6, '#FCD116') +
    star(29, 20, 1.6, '#FCD116'),
  ID: () => hStripes(['#CE1126', '#fff']),
  AU: () =>
    rect(0, 0, W, H, '#012169') +
    canton(unionJack()) +
    star(15, 31, 4.5, '#fff', 7, 0.45) +
    points([45, 32], [38, 17], [45, 7], [52, 15], [48, 21])
      .map(([x, y], i) => star(x, y, i === 4 ? 1.2 : 2.3, '#fff', 7, 0.45))
      .join(''),
  NZ: () =>
    rect(0, 0, W, H, '#012169') +
    canton(unionJack()) +
    points([45, 33], [39, 18], [45, 8], [51, 16])
      .map(([x, y]) => star(x, y, 2.6, '#fff') + star(x, y, 1.8, '#C8102E'))
      .join(''),
  GB: unionJack,
  FR: () => vStripes(['#002395', '#fff', '#ED2939']),
  DE: () => hStripes(['#000', '#DD0000', '#FFCE00']),
  IT: () => vStripes(['#009246', '#fff', '#CE2B37']),
  ES: () => rect(0, 0, W, H, '#AA151B') + rect(0, 10, W, 20, '#F1BF00'),
  CH: () => rect(0, 0, W, H, '#DA291C') + rect(26, 8, 8, 24, '#fff') + rect(18, 16, 24, 8, '#fff'),
  TR: () =>
    rect(0, 0, W, H, '#E30A17') +
    crescent(22, 20, 10, '#fff', '#E30A17', 2.5) +
    star(33, 20, 4, '#fff', 5, 0.382, 180),
  AE: () => hStripes(['#00732F', '#fff', '#000']) + rect(0, 0, 15, H, '#FF0000'),
  CA: () =>
    rect(0, 0, W, H, '#fff') +
    rect(0, 0, 15, H, '#D80621') +
    rect(45, 0, 15, H, '#D80621') +
    star(30, 19, 9, '#D80621', 11, 0.55) +
    rect(29.3, 24, 1.4, 8, '#D80621'),
  MX: () =>
    vStripes(['#006847', '#fff', '#CE1126']) +
    circle(30, 20, 4.5, '#8C6A3B') +
    circle(30, 20, 2.5, '#5A7D2A'),
  BR: () =>
    rect(0, 0, W, H, '#009C3B') +
    `<polygon points="30,4 56,20 30,36 4,20" fill="#FFDF00"/>` +
    circle(30, 20, 9, '#002776') +
    `<path d="M21.5,18 Q30,15 38.6,22" stroke="#fff" stroke-width="1.4" fill="none"/>`,
  IN: () =>
    hStripes(['#FF9933', '#fff', '#138808']) +
    circle(30, 20, 5, 'none', ' stroke="#000080" stroke-width="1"'),
  TW: () =>
    rect(0, 0, W, H, '#FE0000') +
    rect(0, 0, 30, 20, '#000095') +
    star(15, 10, 7, '#fff', 12, 0.6) +
    circle(15, 10, 3.6, '#000095') +
    circle(15, 10, 3, '#fff'),
  EU: () =>
    rect(0, 0, W, H, '#003399') +
    Array.from({ length: 12 }, (_, i) =>
      star(
        30 + 12 * Math.cos((i * 30 * Math.PI) / 180),
        20 + 12 * Math.sin((i * 30 * Math.PI) / 180),
        2.2,
        '#FFCC00',
      ),
    ).join(''),
};

const PALETTES: [[string, string], ...[string, string][]] = [
  ['#1D4ED8', '#60A5FA'],
  ['#0F766E', '#5EEAD4'],
  ['#7C3AED', '#C4B5FD'],
  ['#B45309', '#FCD34D'],
  ['#BE123C', '#FDA4AF'],
];
const paletteOf = (key: string) =>
  PALETTES[[...key].reduce((n, c) => n + c.charCodeAt(0), 0) % PALETTES.length] ?? PALETTES[0];
const gradient = (id: string, [a, b]: [string, string]) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
const text = (x: number, y: number, size: number, fill: string, s: string, weight = 700) =>
  `<text x="${x}" y="${y}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${s.replace(/[<>&"]/g, '')}</text>`;
const globe = (cx: number, cy: number, r: number, stroke: string) =>
  `<g fill="none" stroke="${stroke}" stroke-width="${r / 12}">${circle(cx, cy, r, 'none')}<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.45}" ry="${r}"/><path d="M${cx - r},${cy} H${cx + r} M${cx - r * 0.87},${cy - r / 2} H${cx + r * 0.87} M${cx - r * 0.87},${cy + r / 2} H${cx + r * 0.87}"/></g>`;

/** The flag of a country or the region artwork; unknown codes get a neutral picture with the code. */
export function flagSvg(code: string): string {
  const c = code.toUpperCase();
  const draw = FLAGS[c];
  if (draw) return svg(W, H, draw());
  const pal = paletteOf(c);
  const size = c.length <= 2 ? 15 : c.length <= 4 ? 11 : c.length <= 6 ? 9 : 7.5;
  return svg(
    W,
    H,
    gradient('g', pal) +
      rect(0, 0, W, H, 'url(#g)') +
      (c.length > 2 ? globe(30, 20, 14, 'rgba(255,255,255,0.35)') : '') +
      text(30, 20 + size * 0.36, size, '#fff', c),
  );
}

const embedFlag = (code: string, x: number, y: number, w: number) => {
  const inner = flagSvg(code)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  const h = (w * H) / W;
  return (
    `<g filter="url(#shadow)"><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}">` +
    `${inner.replace(/id="g"/g, `id="g${code}"`).replace(/url\(#g\)/g, `url(#g${code})`)}</svg></g>`
  );
};
const shadow = `<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-opacity="0.25"/></filter>`;

export type GoodsArtKind = 'esim' | 'sim' | 'topup' | 'wifi' | 'adapter' | 'powerbank';
const KIND_COLORS: Record<GoodsArtKind, [string, string]> = {
  esim: ['#1E40AF', '#38BDF8'],
  sim: ['#0F766E', '#34D399'],
  topup: ['#C2410C', '#FBBF24'],
  wifi: ['#6D28D9', '#A78BFA'],
  adapter: ['#334155', '#94A3B8'],
  powerbank: ['#166534', '#86EFAC'],
};
const KIND_LABEL: Record<GoodsArtKind, string> = {
  esim: 'eSIM',
  sim: 'SIM',
  topup: 'TOP-UP',
  wifi: 'Wi-Fi',
  adapter: 'AC',
  powerbank: 'mAh',
};

const simCard = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x},${y} h${s * 0.62} l${s * 0.22},${s * 0.22} v${s * 0.78} h-${s * 0.84} z" fill="${fill}"/>` +
  rect(x + s * 0.2, y + s * 0.38, s * 0.44, s * 0.36, '#FCD34D');
const wifiArcs = (cx: number, cy: number, r: number, stroke: string) =>
  [1, 0.68, 0.36]
    .map(
      (k) =>
        `<path d="M${cx - r * k},${cy - r * k * 0.2} A${r * k},${r * k} 0 0 1 ${cx + r * k},${cy - r * k * 0.2}" fill="none" stroke="${stroke}" stroke-width="${r * 0.12}" stroke-linecap="round"/>`,
    )
    .join('') + circle(cx, cy + r * 0.1, r * 0.1, stroke);
const plug = (cx: number, cy: number, s: number, fill: string) =>
  `<rect x="${cx - s / 2}" y="${cy - s / 3}" width="${s}" height="${s * 0.8}" rx="${s * 0.12}" fill="${fill}"/>` +
  rect(cx - s * 0.25, cy - s * 0.62, s * 0.1, s * 0.3, fill) +
  rect(cx + s * 0.15, cy - s * 0.62, s * 0.1, s * 0.3, fill);
const battery = (cx: number, cy: number, s: number, fill: string) =>
  `<rect x="${cx - s * 0.35}" y="${cy - s / 2}" width="${s * 0.7}" height="${s}" rx="${s * 0.1}" fill="none" stroke="${fill}" stroke-width="${s * 0.08}"/>` +
  rect(cx - s * 0.12, cy - s * 0.6, s * 0.24, s * 0.1, fill) +
  `<polygon points="${cx + s * 0.05},${cy - s * 0.3} ${cx - s * 0.15},${cy + s * 0.05} ${cx},${cy + s * 0.05} ${cx - s * 0.05},${cy + s * 0.3} ${cx + s * 0.15},${cy - s * 0.05} ${cx},${cy - s * 0.05}" fill="${fill}"/>`;

/** A goods picture (600x600): the kind's colours, the destination's flag, the code and the kind's label or symbol. */
export function goodsArtSvg(kind: GoodsArtKind, code: string | null): string {
  const w = 600;
  let body = gradient('bg', KIND_COLORS[kind]) + `<defs>${shadow}</defs>` + rect(0, 0, w, w, 'url(#bg)');
  body += circle(520, 80, 160, 'rgba(255,255,255,0.08)') + circle(60, 560, 200, 'rgba(255,255,255,0.06)');
  if (code) {
    body += embedFlag(code, 150, 110, 300);
    body += text(300, 440, 64, '#fff', code.length > 2 ? code : code);
  } else if (kind === 'wifi') body += wifiArcs(300, 300, 150, '#fff');
  else if (kind === 'adapter') body += plug(300, 300, 200, '#fff');
  else if (kind === 'powerbank') body += battery(300, 290, 240, '#fff');
  else if (kind === 'topup')
    body += circle(300, 280, 120, 'rgba(255,255,255,0.9)') + text(300, 320, 120, KIND_COLORS.topup[0], '+');
  if (kind === 'sim') body += simCard(460, 470, 90, 'rgba(255,255,255,0.9)');
  body += text(300, code ? 530 : 530, 56, 'rgba(255,255,255,0.92)', KIND_LABEL[kind], 800);
  return svg(w, w, body).replace(/width="2400" height="2400"/, 'width="600" height="600"');
}

export type IconKind =
  'esim' | 'sim' | 'topup' | 'gear' | 'asia' | 'europe' | 'americas' | 'oceania' | 'global';
/** A round category icon (96x96). */
export function typeIconSvg(kind: IconKind): string {
  const pal = paletteOf(kind);
  let body = gradient('bg', pal) + circle(48, 48, 46, 'url(#bg)');
  if (kind === 'esim')
    body += `<rect x="30" y="24" width="36" height="48" rx="6" fill="#fff"/>` + rect(38, 36, 20, 20, pal[0]);
  else if (kind === 'sim') body += simCard(30, 22, 44, '#fff');
  else if (kind === 'topup') body += rect(44, 28, 8, 40, '#fff') + rect(28, 44, 40, 8, '#fff');
  else if (kind === 'gear') body += plug(48, 52, 34, '#fff');
  else body += globe(48, 48, 26, '#fff');
  return svg(96, 96, body).replace(/width="384" height="384"/, 'width="96" height="96"');
}

/** A wide banner (750x300) without words: flags or a symbol on the kind's colours (the app lays the title over it). */
export function bannerSvg(kind: GoodsArtKind, codes: string[]): string {
  const w = 750;
  const h = 300;
  let body = gradient('bg', KIND_COLORS[kind]) + `<defs>${shadow}</defs>` + rect(0, 0, w, h, 'url(#bg)');
  body += circle(680, 40, 170, 'rgba(255,255,255,0.08)') + circle(90, 300, 140, 'rgba(255,255,255,0.07)');
  codes.slice(0, 4).forEach((code, i) => {
    body += embedFlag(code, 400 + i * 70, 60 + i * 36, 210 - i * 30);
  });
  if (codes.length === 0 && kind === 'wifi') body += wifiArcs(560, 190, 110, '#fff');
  if (codes.length === 0 && kind === 'topup')
    body += circle(560, 150, 90, 'rgba(255,255,255,0.9)') + text(560, 185, 100, KIND_COLORS.topup[0], '+');
  return svg(w, h, body).replace(/width="3000" height="1200"/, 'width="750" height="300"');
}

/** Writes the pictures to `dir` (only those missing or different); returns how many were written. */
export async function writeArtwork(dir: string, files: Record<string, string>): Promise<number> {
  await fs.mkdir(dir, { recursive: true });
  let written = 0;
  await Promise.all(
    Object.entries(files).map(async ([name, content]) => {
      const file = path.join(dir, name);
      const current = await fs.readFile(file, 'utf8').catch(() => null);
      if (current === content) return;
      await fs.writeFile(file, content);
      written += 1;
    }),
  );
  return written;
}
