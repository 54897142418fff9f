import type { Locale, PayWayCode } from '@simshop/contracts';

/** Names of the pay ways as the checkout shows them. */
export const payWayNames: Record<Locale, Record<PayWayCode, string>> = {
  'zh-Hans': {
    wechat: '微信支付',
    alipay: '支付宝',
    tappay: '信用卡（TapPay）',
    newebpay: '蓝新金流',
    wallet: '钱包余额',
    points: '积分抵扣',
    transfer: '对公转账',
  },
  'zh-Hant': {
    wechat: '微信支付',
    alipay: '支付寶',
    tappay: '信用卡（TapPay）',
    newebpay: '藍新金流',
    wallet: '錢包餘額',
    points: '點數折抵',
    transfer: '公司轉帳',
  },
  en: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Credit card (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Wallet balance',
    points: 'Points discount',
    transfer: 'Corporate bank transfer',
  },
  es: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Tarjeta de crédito (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Saldo del monedero',
    points: 'Descuento con puntos',
    transfer: 'Transferencia bancaria de empresa',
  },
  fr: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Carte bancaire (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Solde du portefeuille',
    points: 'Réduction avec points',
    transfer: "Virement bancaire d'entreprise",
  },
};
