/**
 * The currencies each payment channel can charge in, as the provider's merchant product for this shop
 * (a merchant outside mainland China) allows (payment-protocols.md section 0b). An order is charged in
 * its own currency, never relabelled: a channel that cannot charge the shop's currency is refused at
 * start-up (config.ts) and refuses the attempt (each adapter).
 *
 * Every currency listed has two decimals, so the shop's minor units (1/100) are the provider's minor
 * units one to one.
 */
export const CHANNEL_CURRENCIES = {
  /** WeChat Pay cross-border (Global) API: the order's currency; the buyer pays CNY at WeChat's rate. */
  wechat: [
    'CNY',
    'HKD',
    'GBP',
    'USD',
    'CAD',
    'AUD',
    'EUR',
    'NZD',
    'THB',
    'SGD',
    'CHF',
    'SEK',
    'DKK',
    'NOK',
    'AED',
    'MOP',
    'TWD',
    'MYR',
    'PHP',
    'CZK',
    'QAR',
  ],
  /** Alipay cross-border online payment: `trans_currency`; the buyer pays CNY at Alipay's rate. */
  alipay: [
    'CNY',
    'GBP',
    'HKD',
    'USD',
    'SGD',
    'CAD',
    'AUD',
    'EUR',
    'NZD',
    'THB',
    'CHF',
    'SEK',
    'DKK',
    'NOK',
    'MYR',
    'PHP',
    'MUR',
    'ILS',
    'LKR',
    'RUB',
    'AED',
    'CZK',
    'ZAR',
    'TWD',
  ],
  /** TapPay and NewebPay are Taiwanese acquirers: this shop's merchant accounts charge TWD only. */
  tappay: ['TWD'],
  newebpay: ['TWD'],
} as const satisfies Record<'wechat' | 'alipay' | 'tappay' | 'newebpay', readonly string[]>;

export const channelCharges = (channel: keyof typeof CHANNEL_CURRENCIES, currency: string): boolean =>
  (CHANNEL_CURRENCIES[channel] as readonly string[]).includes(currency);
