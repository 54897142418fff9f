import type en from '../en/paylocal';

const paylocal = {
  wallets: {
    apple_pay: 'Apple Pay',
    google_pay: 'Google Pay',
    line_pay: 'LINE Pay',
    jko_pay: '街口支付',
  },
  walletsTitle: '使用電子錢包付款',
  payWith: '使用 {{wallet}} 付款',
  orCard: '或使用信用卡付款',
  walletShort: '錢包餘額不足',
  starting: '正在開啟{{way}}…',
  paidWith: '已使用{{way}}付款 {{amount}}',
  orderNo: '訂單 {{no}}',
  nextEsim: '您的 eSIM 正在準備中。請到「我的 SIM 卡」安裝：在本機一鍵安裝，或掃描 QR 碼。',
  nextPhysical: '我們正在包裝您的 SIM 卡，可在訂單中追蹤配送。',
  nextFailed: '未扣任何款項。您可以在訂單中以相同或其他方式重新付款。',
  openEsim: '開啟我的 eSIM',
  copy: '複製',
  copied: '已複製',
  copyOf: '複製{{what}}',
  pointsUsed: '使用 {{points}} 點數（−{{amount}}）',
} satisfies typeof en;

export default paylocal;
