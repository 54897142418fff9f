import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type CsSendBody, type CsServerFrame } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { sessionStore as tokenStore, useSession } from '../../../lib/session';
import { formatMoney, toastError, toast } from '../../../shared';
import {
  CS_KEY,
  markRead,
  messagePage,
  openSession,
  CS_PAGE_SIZE,
  type CsContext,
  type CsMessage,
} from '../api/cs.api';
import { ChatConnection, type ConnectionState } from '../model/chat-connection';
import { CS_WS_PATH as WS_PATH } from '../model/unread-live';
import { dequeue, enqueue, newClientId, readOutbox, type Queued } from '../model/outbox';
import './cs.css';

/** Refusals that a resend cannot fix: the message leaves the queue (a network error keeps it). */
const FINAL_CODES = new Set<number>([
  ErrorCode.VALIDATION,
  ErrorCode.CS_PICTURE_NOT_OWNED,
  ErrorCode.CS_ORDER_NOT_FOUND,
  ErrorCode.GOODS_NOT_FOUND,
  ErrorCode.CS_SESSION_NOT_FOUND,
]);

const byId = (a: CsMessage, b: CsMessage) => a.id - b.id;
function merge(list: CsMessage[], more: CsMessage[]): CsMessage[] {
  const m = new Map(list.map((x) => [x.id, x]));
  for (const x of more) m.set(x.id, x);
  return [...m.values()].sort(byId);
}

/** The customer-service chat: history, real-time messages, an offline queue, pictures and cards. */
export function ChatView({ context }: { context?: CsContext }) {
  const { t, i18n } = useTranslation('cs');
  const qc = useQueryClient();
  const { userInfo } = useSession();
  const userKey = userInfo?.id ?? 'me';
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [messages, setMessages] = useState<CsMessage[]>([]);
  const [queue, setQueue] = useState<Queued[]>(() => readOutbox(userKey));
  const [peerReadId, setPeerReadId] = useState(0);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [text, setText] = useState('');
  const [hasEarlier, setHasEarlier] = useState(false);
  const [earlierPage, setEarlierPage] = useState(2);
  const [loadFailed, setLoadFailed] = useState(false);
  const conn = useRef<ChatConnection | null>(null);
  const sessionRef = useRef<number | null>(null);
  const lastIdRef = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);

  const addMessages = useCallback(
    (more: CsMessage[]) => {
      if (more.length === 0) return;
      setMessages((list) => {
        const next = merge(list, more);
        lastIdRef.current = next.at(-1)?.id ?? lastIdRef.current;
        return next;
      });
      const acked = more.map((m) => m.clientId).filter((c): c is string => !!c);
      if (acked.length) setQueue(() => acked.reduce((_q, c) => dequeue(userKey, c), readOutbox(userKey)));
    },
    [userKey],
  );

  /** Everything after the last message we have (after a reconnect or when the page opens). */
  const catchUp = useCallback(async () => {
    const sid = sessionRef.current;
    if (!sid) return;
    for (let round = 0; round < 20; round += 1) {
      const page = await messagePage({ sessionId: sid, afterId: lastIdRef.current, size: 100 });
      addMessages(page.list);
      if (page.list.length < 100) break;
    }
  }, [addMessages]);

  const flush = useCallback(() => {
    for (const q of readOutbox(userKey)) {
      const { queuedAt: _at, ...msg } = q;
      if (!conn.current?.send(msg)) break;
    }
  }, [userKey]);

  const readUpTo = useCallback(
    (id: number) => {
      const sid = sessionRef.current;
      if (!sid || document.visibilityState === 'hidden') return;
      if (!conn.current?.read(sid, id)) void markRead(sid, id).catch(() => undefined);
      void qc.invalidateQueries({ queryKey: [...CS_KEY, 'unread'] });
    },
    [qc],
  );

  const onFrame = useCallback(
    (f: CsServerFrame) => {
      if (f.type === 'message' || f.type === 'ack') {
        if (sessionRef.current !== f.message.sessionId) {
          // a new conversation (the old one was closed): follow it
          sessionRef.current = f.message.sessionId;
          setSessionId(f.message.sessionId);
        }
        addMessages([f.message]);
        if (f.message.sender === 'admin') {
          // the server counts a reply as having read what came before it
          setPeerReadId((r) => Math.max(r, f.message.id));
          readUpTo(f.message.id);
        }
      } else if (f.type === 'read' && f.reader === 'admin' && f.sessionId === sessionRef.current) {
        setPeerReadId((r) => Math.max(r, f.lastReadId));
      } else if (f.type === 'error' && f.clientId) {
        if (FINAL_CODES.has(f.code)) {
          setQueue(dequeue(userKey, f.clientId));
          toast(f.message);
        }
      }
    },
    [addMessages, readUpTo, userKey],
  );

  // The connection lives for the page visit, longer than one render's callbacks (they change when the session's
  // user loads): it calls the latest ones through this ref, never the ones of the render that opened it.
  const latest = useRef({ onFrame, addMessages, catchUp, flush, readUpTo, context, i18n });
  useEffect(() => {
    latest.current = { onFrame, addMessages, catchUp, flush, readUpTo, context, i18n };
  });

  // open the session (with the page's context card), load the latest page, then go real-time
  useEffect(() => {
    let gone = false;
    const c = new ChatConnection(WS_PATH, {
      token: () => tokenStore.getState().token,
      // any call refreshes an expired token first (single-flight, in the request client)
      refreshToken: async () => void (await api.get('app/cs/msg/unreadCount')),
      language: () => latest.current.i18n.language,
      onFrame: (f) => latest.current.onFrame(f),
      onState: (s) => {
        if (gone) return;
        setState(s);
        if (s === 'open')
          void (async () => {
            try {
              if (!sessionRef.current) await load();
              await latest.current.catchUp();
            } catch {
              /* the next reconnect catches up */
            }
            latest.current.flush();
          })();
      },
    });
    const load = async () => {
      const s = await openSession(latest.current.context);
      if (gone) return;
      sessionRef.current = s.id;
      setSessionId(s.id);
      setPeerReadId(s.peerReadId);
      const page = await messagePage({ sessionId: s.id, size: CS_PAGE_SIZE });
      latest.current.addMessages(page.list);
      setHasEarlier(page.pagination.total > page.list.length);
      setLoadFailed(false);
      latest.current.readUpTo(page.list[0]?.id ?? 0);
    };
    conn.current = c;
    load().catch(() => setLoadFailed(true));
    c.start();
    const off = tokenStore.subscribe(() => c.tokenChanged());
    return () => {
      gone = true;
      off();
      c.stop();
      conn.current = null;
    };
    // one connection per page visit and context
  }, [context?.orderId, context?.goodsId]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, queue.length]);

  const sendMsg = (msg: Omit<CsSendBody, 'clientId'>) => {
    const item = { ...msg, clientId: newClientId(), queuedAt: Date.now() } as Queued;
    setQueue(enqueue(userKey, item));
    const { queuedAt: _at, ...body } = item;
    conn.current?.send(body);
  };

  const submitText = () => {
    const v = text.trim();
    if (!v) return;
    sendMsg({ type: 'text', text: v });
    setText('');
  };

  const choosePicture = async (files: FileList | null) => {
    const f = files?.[0];
    if (!f) return;
    try {
      const up = await api.upload(f);
      sendMsg({ type: 'image', picture: up.url });
    } catch (e) {
      toastError(e, t('uploadFailed'));
    }
  };

  const loadEarlier = async () => {
    if (!sessionId) return;
    try {
      const page = await messagePage({ sessionId, page: earlierPage, size: CS_PAGE_SIZE });
      addMessages(page.list);
      setEarlierPage((p) => p + 1);
      setHasEarlier(page.pagination.page * page.pagination.size < page.pagination.total);
    } catch (e) {
      toastError(e, t('loadFailed'));
    }
  };

  const pending = useMemo(
    () => queue.filter((q) => !messages.some((m) => m.clientId === q.clientId && m.sender === 'user')),
    [queue, messages],
  );

  return (
    <div className="cs-chat">
      <p className={`cs-status cs-status-${state}`} role="status">
        {t(`state.${state}`)}
      </p>
      {loadFailed && messages.length === 0 ? <p className="cs-note">{t('loadFailed')}</p> : null}
      <ol className="cs-messages" aria-label={t('conversation')}>
        {hasEarlier ? (
          <li className="cs-earlier">
            <button type="button" onClick={() => void loadEarlier()}>
              {t('earlier')}
            </button>
          </li>
        ) : null}
        {messages.length === 0 && pending.length === 0 ? <li className="cs-note">{t('welcome')}</li> : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={`cs-msg cs-msg-${m.sender === 'user' ? 'mine' : 'theirs'}`}
            data-msg-id={m.id}
          >
            <span className="cs-sender">{m.sender === 'user' ? t('me') : m.senderName || t('shop')}</span>
            <MessageBody m={m} />
            {m.sender === 'user' ? (
              <span className="cs-receipt">{m.read || m.id <= peerReadId ? t('read') : t('unread')}</span>
            ) : null}
          </li>
        ))}
        {pending.map((q) => (
          <li key={q.clientId} className="cs-msg cs-msg-mine cs-msg-pending">
            <span className="cs-sender">{t('me')}</span>
            {q.type === 'text' ? (
              <p className="cs-text">{q.text}</p>
            ) : (
              <p className="cs-text">{t(`pending.${q.type}`)}</p>
            )}
            <span className="cs-receipt">{state === 'open' ? t('sending') : t('queued')}</span>
          </li>
        ))}
      </ol>
      <div ref={bottom} />
      <form
        className="cs-compose"
        onSubmit={(e) => {
          e.preventDefault();
          submitText();
        }}
      >
        <label className="cs-picture">
          <span aria-hidden="true">＋</span>
          <span className="sr-only">{t('sendPicture')}</span>
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => {
              void choosePicture(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        <input
          className="cs-input"
          value={text}
          maxLength={2000}
          aria-label={t('message')}
          placeholder={t('placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="cs-send" disabled={!text.trim()}>
          {t('send')}
        </button>
      </form>
    </div>
  );
}

function MessageBody({ m }: { m: CsMessage }) {
  const { t, i18n } = useTranslation('cs');
  if (m.type === 'image' && m.picture)
    return (
      <a href={m.picture} target="_blank" rel="noreferrer" className="cs-picture-msg">
        <img src={m.picture} alt={t('picture')} />
      </a>
    );
  if (m.type === 'order' && m.order)
    return (
      <Link
        className="cs-card"
        to={`/pages/order/detail?id=${m.order.orderId}`}
        aria-label={t('orderCard', { no: m.order.orderNo })}
      >
        {m.order.picture ? <img src={m.order.picture} alt="" /> : null}
        <span>
          <strong>{m.order.title}</strong>
          <small>{t('orderNo', { no: m.order.orderNo })}</small>
          <small>{formatMoney(m.order.totalAmount, m.order.currency, i18n.language)}</small>
        </span>
      </Link>
    );
  if (m.type === 'goods' && m.goods)
    return (
      <Link
        className="cs-card"
        to={`/pages/goods/detail?id=${m.goods.goodsId}`}
        aria-label={t('goodsCard', { title: m.goods.title })}
      >
        {m.goods.picture ? <img src={m.goods.picture} alt="" /> : null}
        <span>
          <strong>{m.goods.title}</strong>
          {m.goods.price !== null ? (
            <small>{formatMoney(m.goods.price, m.goods.currency, i18n.language)}</small>
          ) : null}
        </span>
      </Link>
    );
  // plain text, never HTML: React escapes it
  return <p className="cs-text">{m.text}</p>;
}
