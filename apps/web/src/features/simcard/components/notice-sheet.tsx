import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Popup } from 'antd-mobile';
import type { SimCardSummary } from '@simshop/contracts';
import { topUpPath } from '../../catalogue';
import { simNoticesQuery, useReadNotices } from '../api/simcard.api';
import { formatWhen } from '../model/format';
import { simCardDetailPath } from '../model/paths';

/**
 * "New alerts: n" on the card list, opening the alerts (the app's message list for SIM cards): a low-data
 * alert carries a one-tap top-up for its card. Opening the sheet marks them read, which clears the badge.
 */
export function NoticeSheet({ unread, cards }: { unread: number; cards: SimCardSummary[] }) {
  const { t, i18n } = useTranslation('simcard');
  const lang = i18n.language;
  const [open, setOpen] = useState(false);
  const notices = useQuery({ ...simNoticesQuery(lang), enabled: open });
  const markRead = useReadNotices();
  const list = notices.data?.list ?? [];

  // marks what the sheet showed, once per load (a failure leaves them unread, to be marked next time)
  useEffect(() => {
    const ids = (notices.data?.list ?? []).filter((n) => !n.read).map((n) => n.id);
    if (open && ids.length > 0) void markRead(ids).catch(() => undefined);
  }, [open, notices.data, markRead]);

  if (unread === 0 && !open) return null;
  return (
    <>
      <button type="button" className="sim-notice" onClick={() => setOpen(true)}>
        {t('list.notices', { count: unread })}
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="sim-sheet">
        <h2>{t('notice.title')}</h2>
        {notices.isSuccess && list.length === 0 ? <p className="sim-hint">{t('notice.empty')}</p> : null}
        <ul className="sim-notices">
          {list.map((n) => {
            const card = cards.find((c) => c.iccid === n.iccid);
            const topUp =
              n.kind === 'low_data' && card?.canTopUp && card.topUpGoodsId !== null
                ? topUpPath(card.topUpGoodsId, card.iccid)
                : null;
            return (
              <li key={n.id} className={n.read ? undefined : 'sim-notice-unread'}>
                <p>{t(`notice.${n.kind}`, { ...n.params, interpolation: { escapeValue: false } })}</p>
                <p className="sim-muted">{formatWhen(n.createdAt, lang, 'dateTime')}</p>
                {topUp ? (
                  <Link className="sim-btn sim-btn-sm" to={topUp}>
                    {t('notice.topUp')}
                  </Link>
                ) : n.iccid && card ? (
                  <Link className="sim-btn sim-btn-sm sim-btn-ghost" to={simCardDetailPath(n.iccid)}>
                    {t('notice.open')}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="sim-sheet-actions">
          <button type="button" className="sim-btn sim-btn-ghost" onClick={() => setOpen(false)}>
            {t('notice.close')}
          </button>
        </div>
      </Popup>
    </>
  );
}
