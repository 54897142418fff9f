import { GLOSSARY, type Locale, type PayWayCode } from '@simshop/contracts';

/** Names of the pay ways as the checkout shows them (the bank transfer by the glossary's one name). */
export const payWayNames: Record<Locale, Record<PayWayCode, string>> = {
  'zh-Hans': {
    wechat: '微信支付',
    alipay: '支付宝',
    tappay: '信用卡（TapPay）',
    newebpay: '蓝新金流',
    wallet: '钱包余额',
    points: '积分抵扣',
    transfer: GLOSSARY['zh-Hans'].bankTransfer,
  },
  'zh-Hant': {
    wechat: '微信支付',
    alipay: '支付寶',
    tappay: '信用卡（TapPay）',
    newebpay: '藍新金流',
    wallet: '錢包餘額',
    points: '點數折抵',
    transfer: GLOSSARY['zh-Hant'].bankTransfer,
  },
  en: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Credit card (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Wallet balance',
    points: 'Points discount',
    transfer: GLOSSARY.en.bankTransfer,
  },
  es: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Tarjeta de crédito (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Saldo del monedero',
    points: 'Descuento con puntos',
    transfer: GLOSSARY.es.bankTransfer,
  },
  fr: {
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    tappay: 'Carte bancaire (TapPay)',
    newebpay: 'NewebPay',
    wallet: 'Solde du portefeuille',
    points: 'Réduction avec points',
    transfer: GLOSSARY.fr.bankTransfer,
  },
};
