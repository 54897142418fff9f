import type { AppContext } from '../../context';
import { ledgerBalance, ledgerPage } from '../wallet';

/** The caller's points with the checkout rate and cap. */
export async function myPoints(ctx: AppContext, userId: number) {
  return {
    points: await ledgerBalance(ctx.db, 'points', userId),
    pointsPerUnit: ctx.config.points.perUnit,
    maxPercent: ctx.config.points.maxPercent,
  };
}

export const pointsPage = (ctx: AppContext, userId: number, req: { page: number; size: number }) =>
  ledgerPage(ctx, 'points', userId, req);
