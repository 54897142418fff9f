export { PaySheet } from './components/pay-sheet';
export { StartResultPanel } from './components/start-result';
export { WalletView, PointsView } from './components/wallet-view';
export { RechargeView } from './components/recharge-view';
export { TransferView } from './components/transfer-view';
export { SimpayCustomerView, SimpayViewbackView } from './components/simpay-views';
export { WechatJsapiView } from './components/wechat-jsapi-view';
export { PAYMENT_KEY } from './api/payment.api';
export { clientKind } from './model/client';
