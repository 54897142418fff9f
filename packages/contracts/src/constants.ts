/** Business constants of spec section 9, the one place both server and web read them from. */
export const SUCCESS_CODE = 1000;
export const TOKEN_EXPIRY_MARGIN_MS = 5_000;
export const DEFAULT_CART_QUANTITY = 1;
export const NICKNAME_MAX = 16;
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;
export const NETWORK_TIMEOUT_MS = 60_000;
export const LAZY_PAGE_DELAY_MS = 200;
export const LAZY_PAGE_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 1_500;
export const SWIPER_INTERVAL_MS = 5_000;
export const SWIPER_DURATION_MS = 500;
export const SCROLL_THRESHOLD = 50;
export const REFRESHER_THRESHOLD = 45;
export const PULL_REFRESH_HEIGHT = 70;
export const PULL_REFRESH_RANGE = 150;
export const IMAGE_PREVIEW_ZOOM = { min: 1, max: 4 } as const;
export const VIDEO_CONTROLS_HIDE_MS = 3_000;
export const VIDEO_RATES = [0.5, 0.8, 1, 1.25, 1.5, 2] as const;
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_CANCEL_PX = 10;
export const REACH_BOTTOM_PX = 50;
export const NAVBAR_HEIGHT = 44;
export const DESIGN_WIDTH = 750;
export const BASE_DEVICE_WIDTH = 375;
export const MAX_DEVICE_WIDTH = 960;
export const PX_TO_REM_RATIO = 10 / 320;
export const TEXT_MAXLENGTH = 140;
export const INPUT_DEBOUNCE_MS = 100;
export const IMAGE_CHOOSE_COUNT = 9;
export const DATE_PICKER_YEAR_SPAN = 150;
export const TAB_BAR = { height: 50, iconSize: 24, fontSize: 10 } as const;

/** Client network wrapper codes (spec section 8). */
export const NET_CODE_TIMEOUT_OR_NETWORK = 5;
export const NET_CODE_ABORT = 600003;
export const NET_CODE_TRANSFER_FAILED = 602001;

/** Auth and code rules of the server (issue 2). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_RESEND_INTERVAL_S = 60;
/** Codes one client (address) may ask for to one target a day: the sender's cap, not the owner's. */
export const SMS_DAILY_LIMIT = 10;
/** Codes one target may receive an hour from all clients together; bounds cost and any lockout to an hour. */
export const SMS_TARGET_HOURLY_LIMIT = 20;
/** Consecutive failed operator logins after which the operator is locked for ADMIN_LOCK_MINUTES. */
export const ADMIN_LOCK_FAILURES = 10;
export const ADMIN_LOCK_MINUTES = 15;
export const CAPTCHA_TTL_MS = 2 * 60_000;
export const PASSWORD_FAILURES_BEFORE_CAPTCHA = 3;
export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const LOCALES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-Hans';

/** Picks a supported locale for a requested tag: exact, then by script/region, then by prefix, else the default. */
export function resolveLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const t = tag.trim().toLowerCase().replace('_', '-');
  const exact = LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  if (t.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(t) ? 'zh-Hant' : 'zh-Hans';
  }
  if (t.startsWith('en')) return 'en';
  if (t.startsWith('es')) return 'es';
  if (t.startsWith('fr')) return 'fr';
  return DEFAULT_LOCALE;
}

/** Regional format of a locale (spec: zh-Hant -> zh-tw, zh-Hans -> zh-cn). */
export function regionalFormat(locale: Locale): string {
  return locale === 'zh-Hant' ? 'zh-tw' : locale === 'zh-Hans' ? 'zh-cn' : locale;
}

// Plan by trip (issue 27): here, not in trip.ts, so a page that links to the planner loads no zod schema.
/** The longest trip the planner takes, in days, and the most stops. */
export const TRIP_MAX_DAYS = 90;
export const TRIP_MAX_LEGS = 8;
/** Daily data uses the planner offers (MB a day); null: not counted. */
export const TRIP_DAILY_USES = [300, 1024, 2048] as const;
/** How many destinations the planner and the landing page list (`GET app/goods/destinations`'s most). */
export const TRIP_DESTINATIONS_LIMIT = 300;
