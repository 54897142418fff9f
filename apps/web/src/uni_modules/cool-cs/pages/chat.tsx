import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../app/page';
import { ChatView, type CsContext } from '../../../features/cs';

const idOf = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** /uni_modules/cool-cs/pages/chat[?orderId=|?goodsId=]: chat with customer service, about an order or goods. */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = idOf(params.get('orderId'));
  const goodsId = idOf(params.get('goodsId'));
  const context = useMemo<CsContext | undefined>(
    () => (orderId ? { orderId } : goodsId ? { goodsId } : undefined),
    [orderId, goodsId],
  );
  return (
    <Page title={t('common:titles.chat')}>
      <ChatView context={context} />
    </Page>
  );
}
