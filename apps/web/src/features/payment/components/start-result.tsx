import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { submitForm, WECHAT_DOWNLOAD_URL, weixinBridge, clientKind } from '../model/client';
import type { StartResult } from '../api/payment.api';
import { toast } from '../../../shared';

/**
 * What the buyer does next for one started payment: scan a QR code (drawn by the `qrcode` library), follow a
 * redirect, post the provider's form, pay in the WeChat JS bridge, or see a settled result. Payment status is
 * watched by the caller (polling); this panel only drives the client side.
 */
export function StartResultPanel({
  start,
  onSettled,
}: {
  start: StartResult;
  /** The buyer is done on the client side ('paid' from the bridge or a synchronous result; else cancelled/failed). */
  onSettled?: (result: 'paid' | 'cancelled' | 'failed') => void;
}) {
  const { t } = useTranslation('payment');
  const [qr, setQr] = useState<string | null>(null);
  // The start result drives the client once: a new onSettled or language must not redirect or submit again,
  // so the effect reaches the latest ones through this ref.
  const latest = useRef({ onSettled, t });
  useEffect(() => {
    latest.current = { onSettled, t };
  });

  useEffect(() => {
    if (start.kind === 'qr') {
      let live = true;
      void QRCode.toDataURL(start.codeUrl, { margin: 1, width: 220 }).then((url) => live && setQr(url));
      return () => {
        live = false;
      };
    }
    if (start.kind === 'redirect') window.location.assign(start.url);
    if (start.kind === 'form') submitForm(start.action, start.fields);
    if (start.kind === 'done') latest.current.onSettled?.(start.outcome.state === 'paid' ? 'paid' : 'failed');
    if (start.kind === 'jsapi') {
      // the "ok" result is no proof of payment: the caller polls the order, which the server confirms
      const invoke = () =>
        weixinBridge()?.invoke('getBrandWCPayRequest', start.params, (res) => {
          if (res.err_msg === 'get_brand_wcpay_request:ok') latest.current.onSettled?.('paid');
          else if (res.err_msg === 'get_brand_wcpay_request:cancel') {
            toast(latest.current.t('cancelled'), 'fail');
            latest.current.onSettled?.('cancelled');
          } else {
            toast(latest.current.t('failed'), 'fail');
            latest.current.onSettled?.('failed');
          }
        });
      if (weixinBridge()) invoke();
      else {
        // inside WeChat the bridge may come a moment after the page: WeChat announces it with this event
        document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
        return () => document.removeEventListener('WeixinJSBridgeReady', invoke);
      }
    }
    return undefined;
  }, [start]);

  switch (start.kind) {
    case 'qr':
      return (
        <div className="pay-qr" data-testid="pay-qr">
          <p>{t('scanWithWechat')}</p>
          {qr ? <img src={qr} alt={t('qrAlt')} width={220} height={220} /> : null}
          <p className="pay-muted">{t('waiting')}</p>
          {start.demoUrl ? (
            <a href={start.demoUrl} target="_blank" rel="noreferrer" className="pay-demo-link">
              {t('openCashier')}
            </a>
          ) : null}
        </div>
      );
    case 'redirect':
    case 'form':
      return <p className="pay-muted">{t('redirecting')}</p>;
    case 'jsapi':
      return weixinBridge() ? (
        <p className="pay-muted">{t('waiting')}</p>
      ) : (
        <p role="alert">{clientKind() === 'wechat_browser' ? t('waiting') : t('openInWechat')}</p>
      );
    case 'app':
      return (
        <div role="alert">
          <p>{t('wechatNotInstalled')}</p>
          <a href={WECHAT_DOWNLOAD_URL} className="pay-button" target="_blank" rel="noreferrer">
            {t('downloadWechat')}
          </a>
        </div>
      );
    case 'done':
      return <p role="status">{start.outcome.state === 'paid' ? t('paid') : t('failed')}</p>;
  }
}
