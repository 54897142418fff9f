import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { WechatJsapiView } from '../../features/payment';
import { Empty } from '../../shared';

/**
 * /pages/simpay/wechat?orderId=&code=&state=: back from WeChat's silent authorisation inside WeChat; pays the
 * order with WeChat Pay JSAPI (issue 27).
 */
export default function SimpayWechatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('orderId'));
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const valid = Number.isSafeInteger(id) && id > 0 && code !== '' && state !== '';
  return (
    <Page title={t('common:titles.simpayWechat')}>
      {valid ? (
        <WechatJsapiView orderId={id} code={code} state={state} />
      ) : (
        <Empty>{t('order:detail.missing')}</Empty>
      )}
    </Page>
  );
}
