import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { mountModules } from '../platform/router';
import { adminVersionRoutes, versionRoutes } from './version/version.routes';
import { accountRoutes, commRoutes, loginRoutes } from './account/account.routes';
import { registerDevOutboxRoutes } from './code/code.routes';
import { userInfoRoutes } from './user-info/user-info.routes';
import { wechatLoginRoutes } from './wechat/wechat.routes';
import {
  adminAuditRoutes,
  adminCommRoutes,
  adminCustomerLedgerRoutes,
  adminOpenRoutes,
  adminOperatorRoutes,
  adminRealNameRoutes,
  adminUserInfoRoutes,
} from './admin/admin.routes';
import { registerWechatSimulator } from '../providers/wechat/wechat.simulator';
import { usesWechatSimulator } from '../providers/wechat/wechat.client';
import { adminUploadRoutes, commonRoutes } from './common/common.routes';
import { adminDictInfoRoutes, adminDictTypeRoutes, dictRoutes } from './dict/dict.routes';
import { adminDocumentRoutes, documentRoutes } from './document/document.routes';
import { adminDashboardRoutes } from './dashboard/dashboard.routes';
import { catalogueRouteModules } from './catalogue/catalogue.routes';
import { catalogueAdminRouteModules } from './catalogue/catalogue-admin.routes';
import { registerCatalogueStatic } from './catalogue/catalogue.static';
import { registerApplePayDomainFile } from './payment';
import { catalogueFirstScreen } from './catalogue';
import type { FirstScreenSource } from '../platform/static';
import { addressRoutes } from './address/address.routes';
import { adminCouponRoutes, couponInfoRoutes, userCouponRoutes } from './coupon/coupon.routes';
import { cartRoutes } from './cart/cart.routes';
import { adminOrderRoutes, orderCommentRoutes, orderRoutes } from './order/order.routes';
import {
  adminPaymentRoutes,
  newebpayCallbackRoutes,
  newebpayRoutes,
  payCallbackRoutes,
  payRoutes,
  pointsRechargeRoutes,
  tappayCallbackRoutes,
  tappayRoutes,
  walletTopupRoutes,
} from './payment/payment.routes';
import { adminLedgerRoutes, walletRoutes } from './wallet/wallet.routes';
import { pointsRoutes } from './points/points.routes';
import { adminInvoiceRoutes, adminInvoiceTrackRoutes, invoiceRoutes } from './invoice/invoice.routes';
import { adminTransferRoutes, transferRoutes } from './transfer/transfer.routes';
import { adminCsRoutes, csMsgRoutes, csSessionRoutes } from './cs/cs.routes';
import { careRouteModules } from './care/care.routes';
import {
  adminSimcardRoutes,
  billionRoutes,
  partnerWebhookRoutes,
  simcardRoutes,
} from './simcard/simcard.routes';
import { adminCompanyRoutes, companyRoutes } from './company/company.routes';
import { adminPlanLadderRoutes, tripRoutes } from './trip/trip.routes';
import { TRIP_PLANNER_PAGE, WEBSITE_PAGE, tripPlannerFirstScreen, websiteFirstScreen } from './trip';

/** Every API module, in one list. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await mountModules(app, ctx, [
    versionRoutes,
    accountRoutes,
    commRoutes,
    loginRoutes,
    userInfoRoutes,
    wechatLoginRoutes,
    adminOpenRoutes,
    adminCommRoutes,
    adminRealNameRoutes,
    adminUserInfoRoutes,
    adminAuditRoutes,
    adminOperatorRoutes,
    adminCustomerLedgerRoutes,
    adminDashboardRoutes,
    adminVersionRoutes,
    adminDictTypeRoutes,
    adminDictInfoRoutes,
    documentRoutes,
    adminDocumentRoutes,
    commonRoutes,
    adminUploadRoutes,
    dictRoutes,
    ...catalogueRouteModules,
    ...catalogueAdminRouteModules,
    addressRoutes,
    couponInfoRoutes,
    userCouponRoutes,
    adminCouponRoutes,
    cartRoutes,
    orderRoutes,
    orderCommentRoutes,
    adminOrderRoutes,
    payRoutes,
    adminPaymentRoutes,
    payCallbackRoutes,
    tappayRoutes,
    tappayCallbackRoutes,
    newebpayRoutes,
    newebpayCallbackRoutes,
    walletRoutes,
    walletTopupRoutes,
    adminLedgerRoutes,
    invoiceRoutes,
    adminInvoiceRoutes,
    adminInvoiceTrackRoutes,
    pointsRoutes,
    pointsRechargeRoutes,
    transferRoutes,
    adminTransferRoutes,
    simcardRoutes,
    billionRoutes,
    partnerWebhookRoutes,
    adminSimcardRoutes,
    companyRoutes,
    adminCompanyRoutes,
    csSessionRoutes,
    csMsgRoutes,
    adminCsRoutes,
    ...careRouteModules,
    tripRoutes,
    adminPlanLadderRoutes,
  ]);
  await registerCatalogueStatic(app, ctx);
  registerApplePayDomainFile(app, ctx);
  if (ctx.config.demo) await registerDevOutboxRoutes(app, ctx);
  if (usesWechatSimulator(ctx.config)) await registerWechatSimulator(app, ctx.config);
}

/**
 * The first screen of a catalogue page (home, category, goods list, a goods) or of the trip planner and the
 * landing page, written into the page the server serves (platform/static): its data and largest picture.
 * Other pages are served as built.
 */
export const firstScreenSource =
  (ctx: AppContext): FirstScreenSource =>
  (page, query, locale) =>
    page === WEBSITE_PAGE
      ? websiteFirstScreen(ctx, locale)
      : page === TRIP_PLANNER_PAGE
        ? tripPlannerFirstScreen(ctx, locale)
        : catalogueFirstScreen(ctx, page, query, locale);
