export { CartView, ORDER_SUBMIT_PATH } from './components/cart-view';
export { CartLineItem } from './components/cart-line';
export { useLongPress } from './model/long-press';
export {
  CART_KEY,
  cartGroupsQuery,
  cartSummaryQuery,
  useAddToCart,
  useCartActions,
  type CartChange,
} from './api/cart.api';
