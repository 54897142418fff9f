// The goods form's values and their mapping to the API's bodies (description blocks as editable text, specs
// in major units), shared by the goods page, its spec fields and its dialogs.
import type { TFunction } from 'i18next';
import type { ApiBody, ApiData } from '../../lib/api/client';
import { toMinor } from '../../lib/format';
import { compactTexts } from '../../shared/locale-texts';

export type GoodsInfo = ApiData<'get', 'admin/goods/info/info'>;
export type Spec = GoodsInfo['specs'][number];
export type AddBody = ApiBody<'post', 'admin/goods/info/add'>;
export type Block = NonNullable<NonNullable<AddBody['texts']['en']>['description']>[number];

/** Description blocks as the text an operator edits: paragraphs apart by a blank line, `# ` headings, `- ` lists. */
export function blocksToText(blocks: Block[] | undefined): string {
  return (blocks ?? [])
    .map((b) =>
      b.type === 'heading'
        ? `# ${b.text}`
        : b.type === 'paragraph'
          ? b.text
          : b.type === 'list'
            ? b.items.map((i) => `- ${i}`).join('\n')
            : `![${b.alt ?? ''}](${b.url})`,
    )
    .join('\n\n');
}
export function textToBlocks(text: string | undefined): Block[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p): Block => {
      const image = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(p);
      if (image) return { type: 'image', url: image[2]!, ...(image[1] ? { alt: image[1] } : {}) };
      if (p.startsWith('# ')) return { type: 'heading', text: p.slice(2).trim() };
      const lines = p.split('\n');
      if (lines.every((l) => l.trim().startsWith('- ')))
        return { type: 'list', items: lines.map((l) => l.trim().slice(2).trim()).filter(Boolean) };
      return { type: 'paragraph', text: p };
    });
}

export type TextValues = Record<
  string,
  { title?: string; subtitle?: string; description?: string } | undefined
>;
export const textsOut = (texts: TextValues) =>
  compactTexts(
    Object.fromEntries(
      Object.entries(texts ?? {}).map(([lang, v]) => [
        lang,
        v && {
          title: v.title,
          subtitle: v.subtitle,
          ...(v.description?.trim() ? { description: textToBlocks(v.description) } : {}),
        },
      ]),
    ),
  ) as AddBody['texts'];

export type SpecValues = {
  name?: string;
  dataGb?: number;
  allowance?: 'total' | 'daily' | null;
  validityDays?: number;
  price: number;
  originalPrice?: number;
  stock?: number;
  sku?: string;
  noFreight?: boolean;
  /** Unlimited plans (issue 27): MB a day at full speed, the speed after it, the hotspot rule. */
  highSpeedMbPerDay?: number;
  throttleKbps?: number;
  hotspot?: 0 | 1;
};
export const specOut = (v: SpecValues, currency: string) => ({
  ...(v.name?.trim() ? { texts: { 'zh-Hans': { name: v.name.trim() } } } : {}),
  dataMb: v.dataGb ? Math.round(v.dataGb * 1024) : null,
  allowance: v.allowance ?? null,
  validityDays: v.validityDays ?? null,
  price: toMinor(v.price, currency),
  originalPrice: v.originalPrice ? toMinor(v.originalPrice, currency) : null,
  stock: v.stock ?? 0,
  sku: v.sku?.trim() || null,
  noFreight: (v.noFreight ? 1 : 0) as 0 | 1,
  highSpeedMbPerDay: v.highSpeedMbPerDay ?? null,
  throttleKbps: v.throttleKbps ?? null,
  hotspot: v.hotspot ?? null,
});

/**
 * Amounts and stock are checked, not clamped: an InputNumber with `min` silently turned a typed -5 into 0 and
 * saved a spec that sold for nothing.
 */
export const notNegative = (t: TFunction) => ({
  type: 'number' as const,
  min: 0,
  message: t('form.notNegative'),
});

export type FormValues = {
  typeId: number;
  saleTypeId: number;
  texts: TextValues;
  pictures: string[];
  payWays: AddBody['payWays'];
  destinations?: string[];
  freight?: number;
  onSale?: boolean;
  specs?: SpecValues[];
};
