// The rows of resources that more than one page lists (a page's own row types stay in the page).
import type { ApiData } from './client';

/** An order as the order list and a customer's orders show it. */
export type OrderRow = ApiData<'post', 'admin/order/info/page'>['list'][number];
