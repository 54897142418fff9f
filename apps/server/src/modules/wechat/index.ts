// The WeChat module's public face: what other modules may use. Routes are mounted by modules/index.ts.
export * from './wechat.service';
export {
  finishPayerAuthorize,
  payerAuthorizeUrl,
  payerOpenid,
  WECHAT_PAY_RETURN_PATH,
} from './wechat-payer.service';
