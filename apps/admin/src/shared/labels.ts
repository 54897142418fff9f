import { payWayCode } from '@simshop/contracts';

export const ORDER_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const PAY_WAYS = payWayCode.options;
export const STATUS_COLORS: Record<number, string> = {
  0: 'gold',
  1: 'blue',
  2: 'cyan',
  3: 'purple',
  4: 'green',
  5: 'orange',
  6: 'default',
  7: 'default',
};
