export { CartView, ORDER_SUBMIT_PATH } from './components/cart-view';
export { CartLineItem } from './components/cart-line';
export { useLongPress } from './model/long-press';
export { CART_URLS, CART_KEY, cartGroupsQuery, cartSummaryQuery, useCartActions } from './api/cart.api';
