import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_CHOOSE_COUNT, type CareKind } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { useDict } from '../../../lib/dict';
import { Empty, LoadError, Loading, PicturePicker, toast, toastError } from '../../../shared';
import { CARE_KEY, careInfoQuery, carePageQuery, submitCare, type CareTicket } from '../api/cs.api';
import './cs.css';

const BASE = '/uni_modules/cool-app/pages';
export const carePath = (kind: CareKind, page: 'list' | 'detail' | 'submit', id?: number) =>
  `${BASE}/${kind}/${page}${id ? `?id=${id}` : ''}`;

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('cs');
  return <span className={`care-status-${status}`}>{t(`care.status.${status}`)}</span>;
}

/** The buyer's complaints or feedback, newest first, with a button to file a new one. */
export function CareListView({ kind }: { kind: CareKind }) {
  const { t, i18n } = useTranslation('cs');
  const q = useInfiniteQuery(carePageQuery(i18n.language, kind));
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <Link className="care-new" to={carePath(kind, 'submit')}>
        {t(`care.${kind}.new`)}
      </Link>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <Empty>{t(`care.${kind}.empty`)}</Empty>
      ) : (
        <ul className="care-list">
          {items.map((c) => (
            <li key={c.id} className="care-item">
              <Link to={carePath(kind, 'detail', c.id)}>
                <span className="care-head">
                  <span>{c.typeName}</span>
                  <StatusTag status={c.status} />
                </span>
                <p>{c.content}</p>
                <span className="care-head">
                  <span>{new Date(c.createdAt).toLocaleString(i18n.language)}</span>
                  {c.reply ? <span>{t('care.replied')}</span> : null}
                </span>
              </Link>
            </li>
          ))}
          {q.hasNextPage ? (
            <li>
              <button type="button" className="care-new" onClick={() => void q.fetchNextPage()}>
                {t('care.more')}
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </>
  );
}

/** One complaint or feedback: what was sent, its status and the shop's reply. */
export function CareDetailView({ kind, id }: { kind: CareKind; id: number }) {
  const { t, i18n } = useTranslation('cs');
  const q = useQuery(careInfoQuery(i18n.language, kind, id));
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const c: CareTicket = q.data;
  return (
    <div className="care-detail">
      <section>
        <div className="care-head">
          <span>{c.typeName}</span>
          <StatusTag status={c.status} />
        </div>
        <p>{c.content}</p>
        {c.pictures.length ? (
          <ul className="care-pictures">
            {c.pictures.map((p, i) => (
              <li key={p}>
                <img src={p} alt={t('care.pictureN', { n: i + 1 })} />
              </li>
            ))}
          </ul>
        ) : null}
        {c.orderNo ? (
          <p>
            {t('care.order')}: <Link to={`/pages/order/detail?id=${c.orderId}`}>{c.orderNo}</Link>
          </p>
        ) : null}
        {c.contact ? (
          <p>
            {t('care.contact')}: {c.contact}
          </p>
        ) : null}
        <p className="care-head">{new Date(c.createdAt).toLocaleString(i18n.language)}</p>
      </section>
      <section aria-labelledby="care-reply">
        <h2 id="care-reply">{t('care.reply')}</h2>
        {c.reply ? (
          <>
            <p data-testid="care-reply">{c.reply}</p>
            {c.repliedAt ? (
              <p className="care-head">{new Date(c.repliedAt).toLocaleString(i18n.language)}</p>
            ) : null}
          </>
        ) : (
          <p>{t('care.noReply')}</p>
        )}
      </section>
    </div>
  );
}

function Pictures({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('cs');
  return (
    <PicturePicker
      value={value}
      onChange={onChange}
      labels={{
        count: t('care.pictures', { count: value.length, max: IMAGE_CHOOSE_COUNT }),
        add: t('care.addPicture'),
        remove: (n) => t('care.removePicture', { n }),
        picture: (n) => t('care.pictureN', { n }),
        uploadFailed: t('uploadFailed'),
      }}
    />
  );
}

/** Files a complaint (optionally about one of the buyer's orders) or feedback. */
export function CareSubmitView({ kind, orderId }: { kind: CareKind; orderId?: number }) {
  const { t, i18n } = useTranslation('cs');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const types = useDict(kind === 'complain' ? 'complainType' : 'feedbackType');
  const orders = useQuery({
    queryKey: ['order', i18n.language, 'care-pick'],
    queryFn: ({ signal }) => api.post('app/order/info/page', { body: { page: 1, size: 20 }, signal }),
    enabled: kind === 'complain',
  });
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [order, setOrder] = useState(orderId ? String(orderId) : '');
  const [pictures, setPictures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!type) return toast(t('care.chooseType'));
    if (!content.trim()) return toast(t('care.contentRequired'));
    setBusy(true);
    try {
      const sent = await submitCare(kind, {
        type: Number(type),
        content,
        pictures,
        contact,
        ...(kind === 'complain' && order ? { orderId: Number(order) } : {}),
      });
      await qc.invalidateQueries({ queryKey: [...CARE_KEY, kind] });
      toast(t('care.sent'));
      void navigate(carePath(kind, 'detail', sent.id), { replace: true });
    } catch (e) {
      toastError(e, t('care.sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="care-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {t('care.type')}
        <select value={type} onChange={(e) => setType(e.target.value)} required>
          <option value="">{t('care.chooseType')}</option>
          {types.map((d) => (
            <option key={d.id} value={d.value}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      {kind === 'complain' ? (
        <label>
          {t('care.order')}
          <select value={order} onChange={(e) => setOrder(e.target.value)}>
            <option value="">{t('care.noOrder')}</option>
            {(orders.data?.list ?? []).map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.orderNo} {o.lines[0]?.title ?? ''}
              </option>
            ))}
            {orderId && !(orders.data?.list ?? []).some((o) => o.id === orderId) ? (
              <option value={String(orderId)}>#{orderId}</option>
            ) : null}
          </select>
        </label>
      ) : null}
      <label>
        {t(`care.${kind}.content`)}
        <textarea value={content} maxLength={1000} onChange={(e) => setContent(e.target.value)} required />
      </label>
      <Pictures value={pictures} onChange={setPictures} />
      <label>
        {t('care.contact')}
        <input
          value={contact}
          maxLength={64}
          onChange={(e) => setContact(e.target.value)}
          placeholder={t('care.contactPlaceholder')}
        />
      </label>
      <button type="submit" disabled={busy}>
        {t('care.submit')}
      </button>
    </form>
  );
}
