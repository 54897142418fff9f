export const ORDER_LIST_PATH = '/pages/order/list';
export const ORDER_DETAIL_PATH = '/pages/order/detail';
export const orderDetailPath = (id: number) => `${ORDER_DETAIL_PATH}?id=${id}`;
export const orderListPath = (tab?: string) => (tab ? `${ORDER_LIST_PATH}?tab=${tab}` : ORDER_LIST_PATH);
export const refundPath = (id: number) => `/pages/order/refund?id=${id}`;
export const logisticsPath = (id: number) => `/pages/order/logistics?id=${id}`;
export const commentPath = (id: number) => `/pages/order/comment?id=${id}`;
