export { SubmitView } from './components/submit-view';
export { OrderListView, LIST_TABS, useOrderTab } from './components/order-list-view';
export { OrderDetailView, useCountdown } from './components/order-detail-view';
export { RefundView } from './components/refund-view';
export { LogisticsView } from './components/logistics-view';
export { CommentView } from './components/comment-view';
export { useOrderCounts } from './components/order-counts';
export {
  ORDER_URLS,
  ORDER_KEY,
  orderDetailQuery,
  orderPageQuery,
  quoteQuery,
  useOrderActions,
} from './api/order.api';
export { newIdempotencyKey } from './model/idempotency';
export * from './model/paths';
