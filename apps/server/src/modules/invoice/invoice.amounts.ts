import { z } from 'zod';
import type { InvoiceItem, TaxTypeCode } from '../../providers/invoice/invoice-provider';

// What an invoice says (issue 28), from an order as bought: pure functions, no database.
//
// Tax type per line, from the goods type (decided here, documented in docs/operations.md, "E-invoices"):
// - physical SIM cards (goods type 0) and eSIM plans and top-ups (goods type 1) are both TAXABLE (應稅, 5%):
//   the shop sells them in Taiwan to buyers in Taiwan; zero rating (零稅率, VAT Act art. 7) needs export or
//   proof that a service is used abroad, which the shop does not hold per sale; no goods of the shop is
//   exempt (免稅, art. 8). The table keeps the decision in one place; zero-rated and exempt lines are
//   supported end to end (mixed invoices, TaxType 9) for when the catalogue gets such goods.
// - shipping is taxable.
// Amounts are whole TWD. B2C: line prices tax-inclusive, they add up to the total; Amt = round(total /
// 1.05) of the taxable part, TaxAmt the rest. B2B: line prices before tax, adding up to Amt; TaxAmt =
// total - Amt (5% of Amt, rounded), so the invoice total is what the buyer paid in both cases.
// A coupon's discount appears as one negative line, so the lines add up to the order total. Points are a way
// of paying (the order's total includes the part paid with points), so they do not lower the invoice.

export const TAX_RATE = 5;
export const TAX_TYPE_OF_GOODS_TYPE: Record<number, Exclude<TaxTypeCode, '9'>> = { 0: '1', 1: '1' };
export const taxTypeOfGoodsType = (goodsType: number) => TAX_TYPE_OF_GOODS_TYPE[goodsType] ?? '1';

export type SoldLine = { name: string; quantity: number; amount: number; goodsType: number };
export type InvoiceAmounts = {
  taxType: TaxTypeCode;
  amt: number;
  amtSales: number;
  amtZero: number;
  amtFree: number;
  taxAmt: number;
  totalAmt: number;
  items: InvoiceItem[];
};

const taxTypeCode = z.enum(['1', '2', '3']);
/** The stored form of InvoiceAmounts (invoice.lines), read back by a parse. */
export const invoiceAmountsSchema = z.object({
  taxType: z.enum(['1', '2', '3', '9']),
  amt: z.number().int(),
  amtSales: z.number().int(),
  amtZero: z.number().int(),
  amtFree: z.number().int(),
  taxAmt: z.number().int(),
  totalAmt: z.number().int(),
  items: z.array(
    z.object({
      name: z.string(),
      count: z.number(),
      unit: z.string(),
      price: z.number(),
      amount: z.number(),
      taxType: taxTypeCode,
    }),
  ),
}) satisfies z.ZodType<InvoiceAmounts>;

const byTax = (items: InvoiceItem[], t: InvoiceItem['taxType']) =>
  items.filter((i) => i.taxType === t).reduce((s, i) => s + i.amount, 0);

/** One item: count x unit price when the price is whole, else one lot ("式") of the amount. */
function item(name: string, count: number, amount: number, taxType: InvoiceItem['taxType']): InvoiceItem {
  return count > 0 && amount % count === 0
    ? { name, count, unit: '件', price: amount / count, amount, taxType }
    : { name: count > 1 ? `${name} x${count}` : name, count: 1, unit: '式', price: amount, amount, taxType };
}

/**
 * The invoice of an order: `lines` and `shipping` as sold, `total` what the buyer paid (all whole TWD).
 * The difference between the lines and the total is a discount line on the taxable part.
 */
export function invoiceAmounts(
  category: 'B2C' | 'B2B',
  lines: SoldLine[],
  shipping: number,
  total: number,
): InvoiceAmounts {
  const gross: InvoiceItem[] = lines.map((l) =>
    item(l.name, l.quantity, l.amount, taxTypeOfGoodsType(l.goodsType)),
  );
  if (shipping > 0) gross.push(item('運費', 1, shipping, '1'));
  const discount = gross.reduce((s, i) => s + i.amount, 0) - total;
  if (discount > 0)
    gross.push({ name: '折扣', count: 1, unit: '式', price: -discount, amount: -discount, taxType: '1' });
  const taxable = byTax(gross, '1');
  const amtZero = byTax(gross, '2');
  const amtFree = byTax(gross, '3');
  const amtSales = Math.round(taxable / (1 + TAX_RATE / 100));
  const taxAmt = taxable - amtSales;
  const kinds = new Set(gross.map((i) => i.taxType));
  const taxType: TaxTypeCode = kinds.size > 1 ? '9' : (gross[0]?.taxType ?? '1');
  const amt = amtSales + amtZero + amtFree;
  if (category === 'B2C')
    return { taxType, amt, amtSales, amtZero, amtFree, taxAmt, totalAmt: total, items: gross };
  // B2B: taxable lines before tax, the rounding left on the last taxable line so they add up to the sales
  const items = gross.map((i) =>
    i.taxType === '1'
      ? item(i.name, i.count, Math.round((i.price * i.count) / (1 + TAX_RATE / 100)), '1')
      : i,
  );
  const lastTaxable = items.map((i) => i.taxType).lastIndexOf('1');
  const drift = amtSales - byTax(items, '1');
  const last = items[lastTaxable];
  if (last && drift !== 0) items[lastTaxable] = item(last.name, 1, last.amount + drift, '1');
  return { taxType, amt, amtSales, amtZero, amtFree, taxAmt, totalAmt: total, items };
}

/** An allowance of `amount` (tax included) on a taxable invoice: before tax and its tax. */
export function allowanceAmounts(amount: number) {
  const amt = Math.round(amount / (1 + TAX_RATE / 100));
  return { amt, taxAmt: amount - amt };
}
