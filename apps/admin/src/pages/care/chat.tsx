import { useEffect, useMemo, useRef, useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Col,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd';
import { SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import type { Person } from '../../lib/access';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { CrudPage } from '../../shared/crud-page';
import { STATUS_COLORS } from '../../shared/labels';

type Session = ApiData<'post', 'admin/cs/session/page'>['list'][number];
type Message = ApiData<'post', 'admin/cs/msg/page'>['list'][number];
type QuickReply = ApiData<'get', 'admin/cs/quickReply/list'>[number];
type Assigned = 'any' | 'me' | 'none';

/** Polling interval of the inbox and the open conversation (the server also offers a socket; polling is enough here). */
const POLL_MS = 3000;

const clientId = () => `adm-${crypto.randomUUID().replace(/-/g, '')}`.slice(0, 40);

function messageText(m: Message, t: (k: string) => string): string {
  if (m.type === 'image') return t('chat.picture');
  if (m.type === 'order' && m.order) return `${t('orders.order')} ${m.order.orderNo}`;
  if (m.type === 'goods' && m.goods) return m.goods.title;
  return m.text;
}

function Conversation({ session, me }: { session: Session; me: Person | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const messages = useQuery({
    queryKey: ['cs', 'messages', session.id],
    queryFn: () => api.post('admin/cs/msg/page', { body: { sessionId: session.id, page: 1, size: 100 } }),
    refetchInterval: POLL_MS,
  });
  const orders = useQuery({
    queryKey: ['cs', 'orders', session.id],
    queryFn: () => api.get('admin/cs/session/orders', { query: { sessionId: session.id } }),
  });
  const quickReplies = useQuery({
    queryKey: ['cs', 'quickReplies'],
    queryFn: () => api.get('admin/cs/quickReply/list'),
  });
  const list = useMemo(() => [...(messages.data?.list ?? [])].sort((a, b) => a.id - b.id), [messages.data]);
  const lastId = list.at(-1)?.id ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
    if (lastId)
      void api
        .post('admin/cs/msg/read', { body: { sessionId: session.id, lastReadId: lastId } })
        .catch(() => {});
  }, [lastId, session.id]);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await client.invalidateQueries({ queryKey: ['cs'] });
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  const send = async () => {
    const body = text.trim();
    if (!body) return;
    setSending(true);
    await act(async () => {
      await api.post('admin/cs/msg/send', {
        body: { sessionId: session.id, clientId: clientId(), type: 'text', text: body },
      });
      setText('');
    });
    setSending(false);
  };
  const mine = session.adminId !== null && session.adminId === me?.id;
  return (
    <Row gutter={16}>
      <Col span={16}>
        <Card
          size="small"
          title={
            <Space>
              {session.user.nickname}
              <Tag color={session.status === 'open' ? 'green' : 'default'}>
                {t(`chat.states.${session.status}`)}
              </Tag>
              {session.adminName && <Tag>{t('chat.assignedTo', { name: session.adminName })}</Tag>}
            </Space>
          }
          extra={
            <Space>
              {!mine && me && (
                <Button
                  size="small"
                  onClick={() =>
                    void act(() =>
                      api.post('admin/cs/session/assign', {
                        body: { sessionId: session.id, adminId: me.id },
                      }),
                    )
                  }
                >
                  {t('chat.assignToMe')}
                </Button>
              )}
              {mine && (
                <Button
                  size="small"
                  onClick={() =>
                    void act(() =>
                      api.post('admin/cs/session/assign', { body: { sessionId: session.id, adminId: null } }),
                    )
                  }
                >
                  {t('chat.unassign')}
                </Button>
              )}
              {session.status === 'open' && (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    void act(() => api.post('admin/cs/session/close', { body: { sessionId: session.id } }))
                  }
                >
                  {t('chat.close')}
                </Button>
              )}
            </Space>
          }
        >
          <div
            style={{ height: 420, overflowY: 'auto', padding: 8, background: '#fafafa' }}
            data-testid="chat-messages"
          >
            {list.map((m) => (
              <div
                key={m.id}
                style={{
                  display: 'flex',
                  justifyContent: m.sender === 'admin' ? 'flex-end' : 'flex-start',
                  margin: '6px 0',
                }}
              >
                <div
                  style={{
                    maxWidth: '70%',
                    padding: '6px 10px',
                    borderRadius: 8,
                    background: m.sender === 'admin' ? '#e6f4ff' : '#fff',
                    border: '1px solid #f0f0f0',
                  }}
                >
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {m.senderName} · {dateTime(m.createdAt)}
                  </Typography.Text>
                  <div style={{ whiteSpace: 'pre-wrap' }}>
                    {m.type === 'image' && m.picture ? (
                      <img src={m.picture} alt="" style={{ maxWidth: 200 }} />
                    ) : (
                      messageText(m, t)
                    )}
                  </div>
                </div>
              </div>
            ))}
            <div ref={bottom} />
          </div>
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Dropdown
              menu={{
                items: (quickReplies.data ?? []).map((q) => ({ key: String(q.id), label: q.text })),
                onClick: ({ key }) =>
                  setText((quickReplies.data ?? []).find((q) => String(q.id) === key)?.text ?? ''),
              }}
              disabled={!quickReplies.data?.length}
            >
              <Button icon={<ThunderboltOutlined />}>{t('chat.quickReplies')}</Button>
            </Dropdown>
            <Input.TextArea
              aria-label={t('chat.reply')}
              placeholder={t('chat.reply')}
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={(e) => {
                if (!e.shiftKey) {
                  e.preventDefault();
                  void send();
                }
              }}
            />
            <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()}>
              {t('chat.send')}
            </Button>
          </Space.Compact>
        </Card>
      </Col>
      <Col span={8}>
        <Card size="small" title={t('chat.buyerOrders')}>
          <List
            size="small"
            dataSource={orders.data ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noOrders')} />,
            }}
            renderItem={(o) => (
              <List.Item>
                <Space direction="vertical" size={0}>
                  <Link to={`/orders/show/${o.id}`}>{o.orderNo}</Link>
                  <Typography.Text type="secondary">{o.title}</Typography.Text>
                  <Space>
                    <Tag color={STATUS_COLORS[o.status]}>{t(`orderStatus.${o.status}`)}</Tag>
                    {money(o.totalAmount, o.currency)}
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** The chat inbox: conversations (filter by assignment and unread), the open one with quick replies, the buyer's orders. */
/** The team's quick replies: add, change, reorder, delete. */
function QuickReplies() {
  const { t } = useTranslation();
  type Values = { text: string; orderNum?: number };
  return (
    <CrudPage<QuickReply, Values>
      resource="cs/quickReply"
      columns={[
        { title: t('chat.quickReply'), dataIndex: 'text' },
        { title: t('common.order'), dataIndex: 'orderNum', width: 90 },
      ]}
      initialValues={{ orderNum: 0 }}
      toForm={(r) => ({ text: r.text, orderNum: r.orderNum })}
      fromForm={(v) => ({ text: v.text.trim(), orderNum: v.orderNum ?? 0 })}
      form={() => (
        <>
          <Form.Item
            name="text"
            label={t('chat.quickReply')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
          <Form.Item name="orderNum" label={t('common.order')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </>
      )}
    />
  );
}

export function ChatInbox() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [managing, setManaging] = useState(false);
  const { data: me } = useGetIdentity<Person>();
  const [assigned, setAssigned] = useState<Assigned>('any');
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [current, setCurrent] = useState<number | null>(null);
  const sessions = useQuery({
    queryKey: ['cs', 'sessions', assigned, status],
    queryFn: () => api.post('admin/cs/session/page', { body: { page: 1, size: 50, assigned, status } }),
    refetchInterval: POLL_MS,
  });
  const list = sessions.data?.list ?? [];
  const session = list.find((s) => s.id === current) ?? null;
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Card
          size="small"
          title={t('menu.cs/session')}
          extra={
            <Button size="small" onClick={() => setManaging(true)}>
              {t('chat.manageQuickReplies')}
            </Button>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented<'open' | 'closed'>
              block
              value={status}
              onChange={setStatus}
              options={[
                { value: 'open', label: t('chat.states.open') },
                { value: 'closed', label: t('chat.states.closed') },
              ]}
            />
            <Segmented<Assigned>
              block
              value={assigned}
              onChange={setAssigned}
              options={[
                { value: 'any', label: t('chat.all') },
                { value: 'me', label: t('chat.mine') },
                { value: 'none', label: t('chat.unassigned') },
              ]}
            />
          </Space>
          <List
            size="small"
            loading={sessions.isLoading}
            dataSource={list}
            style={{ marginTop: 8 }}
            renderItem={(s) => (
              <List.Item
                onClick={() => setCurrent(s.id)}
                style={{
                  cursor: 'pointer',
                  background: s.id === current ? '#e6f4ff' : undefined,
                  paddingInline: 8,
                }}
                data-testid="chat-session"
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <Badge count={s.unreadCount} size="small">
                        <span>{s.user.nickname}</span>
                      </Badge>
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>
                      {s.lastMessage ? messageText(s.lastMessage, t) : ''}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col span={18}>
        {session ? (
          <Conversation key={session.id} session={session} me={me} />
        ) : (
          <Card>
            <Empty description={t('chat.pick')} />
          </Card>
        )}
      </Col>
      <Drawer
        open={managing}
        width={720}
        title={t('chat.manageQuickReplies')}
        onClose={() => {
          setManaging(false);
          void client.invalidateQueries({ queryKey: ['cs', 'quickReplies'] });
        }}
      >
        {managing && <QuickReplies />}
      </Drawer>
    </Row>
  );
}
