/**
 * The charge step of a currency: the smallest amount, in minor units, that the shop charges (issue 25,
 * defect 8). Amounts are stored in minor units (TWD and CNY: cents), but a provider may charge only
 * multiples of a larger step: TWD is charged in whole dollars everywhere in practice (TapPay and NewebPay
 * refuse cents), so its step is 100. Every other currency is charged to the minor unit (step 1).
 *
 * The rounding rule (docs/architecture.md, "Chargeable amounts"): a discount (coupon or points) is a whole
 * number of steps, rounded DOWN, so the payable total rounds UP to the step: the buyer never gets more off
 * than the coupon or points rule gives, and, with prices in whole steps, every total is chargeable. Points
 * are spent only in amounts that buy whole steps.
 */
const CHARGE_STEPS: Readonly<Record<string, number>> = { TWD: 100 };

/** Minor units per charge step of `currency` (ISO 4217): TWD 100, CNY 1, USD 1. */
export function chargeStep(currency: string): number {
  return CHARGE_STEPS[currency] ?? 1;
}

/** `minor` rounded down to a whole number of `step`s (never below 0). */
export const floorToStep = (minor: number, step: number) => Math.max(0, Math.floor(minor / step) * step);

/** Whether `minor` can be charged in `currency`: a non-negative whole number of its steps. */
export const isChargeable = (minor: number, currency: string) =>
  Number.isSafeInteger(minor) && minor >= 0 && minor % chargeStep(currency) === 0;

/** Minor units per major unit of `currency` (TWD, CNY: 100; JPY: 1), as Intl knows them. */
export function minorPerMajor(currency: string): number {
  try {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    return 10 ** digits;
  } catch {
    return 100;
  }
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one way the shop and the console write a price (issue 27): integer minor units of `currency` in the
 * reader's language. TWD is written the same way in every language, "NT$" then whole dollars grouped as the
 * language groups digits ("NT$1,290", fr "NT$1 290"): Intl alone writes "$292" in zh-Hant, "292 TWD" in
 * es/fr and keeps cents. Amounts are charged in whole dollars (chargeStep), so rounding drops no real cents.
 * Other currencies: Intl's currency style, a zero fraction dropped.
 */
export function formatPrice(
  minor: number,
  currency: string,
  locale: string,
  /** A derived price (per GB, per day) keeps its cents: "NT$99.86". */
  opts: { cents?: boolean } = {},
): string {
  const major = minor / minorPerMajor(currency);
  const key = `${locale}|${currency}|${opts.cents ? 'c' : ''}`;
  let f = priceFormats.get(key);
  if (!f) {
    const options = (
      currency === 'TWD'
        ? opts.cents
          ? { minimumFractionDigits: 2, maximumFractionDigits: 2, trailingZeroDisplay: 'stripIfInteger' }
          : { maximumFractionDigits: 0 }
        : { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }
    ) as Intl.NumberFormatOptions;
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat('en', options);
    }
    priceFormats.set(key, f);
  }
  if (currency !== 'TWD') return f.format(major);
  return `${major < 0 ? '-' : ''}NT$${f.format(Math.abs(major))}`;
}
