import type en from '../en/paylocal';

const paylocal = {
  wallets: {
    apple_pay: 'Apple Pay',
    google_pay: 'Google Pay',
    line_pay: 'LINE Pay',
    jko_pay: '街口支付',
  },
  walletsTitle: '使用电子钱包付款',
  payWith: '使用 {{wallet}} 付款',
  orCard: '或使用信用卡付款',
  walletShort: '钱包余额不足',
  starting: '正在打开{{way}}…',
  paidWith: '已使用{{way}}支付 {{amount}}',
  orderNo: '订单 {{no}}',
  nextEsim: '您的 eSIM 正在准备中。请到“我的 SIM 卡”安装：在本机一键安装，或扫描二维码。',
  nextPhysical: '我们正在打包您的 SIM 卡，可在订单中跟踪配送。',
  nextFailed: '未扣任何款项。您可以在订单中用相同或其他方式重新付款。',
  openEsim: '打开我的 eSIM',
  copy: '复制',
  copied: '已复制',
  copyOf: '复制{{what}}',
  pointsUsed: '使用 {{points}} 积分（−{{amount}}）',
} satisfies typeof en;

export default paylocal;
