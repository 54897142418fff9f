import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { accountsMigration } from './0001_accounts';
import { commonMigration } from './0002_common';
import { dictI18nMigration } from './0003_dict_i18n';
import { catalogueMigration } from './0010_catalogue';
import { cartAddressCouponMigration } from './0020_cart_address_coupon';
import { orderMigration } from './0030_order';
import { loginFailureMigration } from './0040_login_failure';
import { jobsMigration } from './0041_jobs';
import { authSecurityMigration } from './0042_auth_security';
import { paymentsMigration } from './0050_payments';
import { transferMigration } from './0051_transfer';
import { customerCareMigration } from './0060_customer_care';
import { storefrontMigration } from './0090_storefront';

import { simcardMigration } from './0080_simcard';
import { adminConsoleMigration } from './0100_admin_console';
import { partialRefundMigration } from './0105_partial_refund';
import { partnerPricingMigration } from './0106_partner_pricing';
import { orderPageIndexMigration } from './0150_order_page_index';
import { userRevisionMigration } from './0160_user_revision';
import { simCardLabelRefreshMigration } from './0220_sim_card_label_refresh';
import { partnerCommodityValidityStartMigration } from './0221_partner_commodity_validity_start';
import { simCardIssueMigration } from './0171_sim_card_issue';
import { einvoiceMigration } from './0200_einvoice';
import { invoicePrizeMigration } from './0201_invoice_prize';
import { companyMigration } from './0210_company';
import { planFairUseMigration } from './0230_plan_fair_use';
import { simTopUpTargetMigration } from './0240_sim_topup_target';
import { wechatPayerMigration } from './0260_wechat_payer';
import { simDeliveryPartsMigration } from './0265_sim_delivery_parts';
import { orderLogNoteMigration } from './0270_order_log_note';
import { invoiceTrackRegistrationMigration } from './0310_invoice_track_registration';
/**
 * The ordered migration set, one file each in this folder. New migrations are appended here, never
 * edited once landed: the names are what databases record as applied.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_accounts': accountsMigration(engine),
    '0002_common': commonMigration(engine),
    '0003_dict_i18n': dictI18nMigration,
    '0010_catalogue': catalogueMigration(engine),
    '0020_cart_address_coupon': cartAddressCouponMigration(engine),
    '0030_order': orderMigration(engine),
    '0040_login_failure': loginFailureMigration,
    '0041_jobs': jobsMigration(engine),
    '0042_auth_security': authSecurityMigration(engine),
    '0050_payments': paymentsMigration(engine),
    '0051_transfer': transferMigration(engine),
    '0060_customer_care': customerCareMigration(engine),
    '0080_simcard': simcardMigration(engine),
    '0090_storefront': storefrontMigration(engine),
    '0100_admin_console': adminConsoleMigration(engine),
    '0105_partial_refund': partialRefundMigration,
    '0106_partner_pricing': partnerPricingMigration,
    '0150_order_page_index': orderPageIndexMigration,
    '0160_user_revision': userRevisionMigration(engine),
    '0171_sim_card_issue': simCardIssueMigration(engine),
    '0200_einvoice': einvoiceMigration(engine),
    '0201_invoice_prize': invoicePrizeMigration(engine),
    '0210_company': companyMigration(engine),
    '0220_sim_card_label_refresh': simCardLabelRefreshMigration,
    '0221_partner_commodity_validity_start': partnerCommodityValidityStartMigration,
    '0230_plan_fair_use': planFairUseMigration,
    '0240_sim_topup_target': simTopUpTargetMigration(engine),
    '0260_wechat_payer': wechatPayerMigration,
    '0265_sim_delivery_parts': simDeliveryPartsMigration,
    '0270_order_log_note': orderLogNoteMigration,
    '0310_invoice_track_registration': invoiceTrackRegistrationMigration,
  };
}
