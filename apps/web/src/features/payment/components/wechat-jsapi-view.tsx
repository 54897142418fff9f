import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../lib/api/client';
import { errorMessage } from '../../../shared';
import type { StartResult } from '../api/payment.api';
import { StartResultPanel } from './start-result';
import './payment.css';

/**
 * /pages/simpay/wechat?orderId=&code=&state=: inside WeChat, where WeChat's silent authorisation sends the
 * browser back. The server checks the state (this account, this order, once), learns the payer from the
 * code and opens the JSAPI payment; the WeChat JS bridge then shows WeChat's cashier. The code is spent on
 * the first call, so the address drops it at once (a reload must not send it again).
 */
export function WechatJsapiView({ orderId, code, state }: { orderId: number; code: string; state: string }) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const [start, setStart] = useState<StartResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    window.history.replaceState(null, '', `/pages/simpay/wechat?orderId=${orderId}`);
    api
      .post('app/order/pay/wechatJsapi', { body: { orderId, code, state } })
      .then((res) => setStart(res.start))
      .catch((err: unknown) => setError(errorMessage(err, t('failed'))));
  }, [orderId, code, state, t]);

  const result = `/pages/simpay/viewback?orderId=${orderId}`;
  return (
    <div className="pay-page">
      <section className="pay-section" aria-live="polite">
        {error ? (
          <p role="alert">{error}</p>
        ) : start ? (
          <StartResultPanel
            start={start}
            onSettled={(r) =>
              void navigate(r === 'cancelled' ? `/pages/order/detail?id=${orderId}` : result, {
                replace: true,
              })
            }
          />
        ) : (
          <p className="pay-muted">{t('waiting')}</p>
        )}
        {error ? (
          <Link className="pay-button" to={`/pages/order/detail?id=${orderId}`}>
            {t('viewOrder')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
