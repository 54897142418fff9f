import type { WirePackage } from './plan-partner.wire';

const GB = 1024 ** 3;

/**
 * The simulator's wholesale packages: what a Japan/Korea/Asia eSIM partner typically sells (USD cents).
 * `volume_bytes` -1 is unlimited with fair use.
 */
export const SIM_PACKAGES: WirePackage[] = [
  esim('JP-5GB-7D', 'Japan 5 GB 7 days', ['JP'], 5 * GB, 7, 650),
  esim('JP-10GB-15D', 'Japan 10 GB 15 days', ['JP'], 10 * GB, 15, 1100),
  // the shapes the demo shop sells for Japan (seed/simcard.ts links them to its specs)
  esim('JP-1GB-7D', 'Japan 1 GB 7 days', ['JP'], GB, 7, 287),
  esim('JP-5GB-15D', 'Japan 5 GB 15 days', ['JP'], 5 * GB, 15, 667),
  esim('JP-20GB-30D', 'Japan 20 GB 30 days', ['JP'], 20 * GB, 30, 1560),
  { ...esim('JP-UNL-5D', 'Japan unlimited 5 days', ['JP'], -1, 5, 1500), topup_supported: false },
  esim('KR-3GB-5D', 'South Korea 3 GB 5 days', ['KR'], 3 * GB, 5, 450),
  esim('KR-10GB-30D', 'South Korea 10 GB 30 days', ['KR'], 10 * GB, 30, 1250),
  esim(
    'ASIA8-6GB-8D',
    'Asia 8 countries 6 GB 8 days',
    ['JP', 'KR', 'TW', 'HK', 'MO', 'SG', 'TH', 'MY'],
    6 * GB,
    8,
    1400,
  ),
  { ...esim('JP-SIM-8GB-8D', 'Japan SIM card 8 GB 8 days', ['JP'], 8 * GB, 8, 900), type: 'PHYSICAL' },
  {
    ...esim(
      'TOPUP-1GB-7D',
      'Top-up 1 GB 7 days',
      ['JP', 'KR', 'TW', 'HK', 'MO', 'SG', 'TH', 'MY'],
      GB,
      7,
      300,
    ),
    type: 'TOPUP',
    validity_start: 'PURCHASE',
    topup_supported: false,
  },
  {
    ...esim(
      'TOPUP-3GB-15D',
      'Top-up 3 GB 15 days',
      ['JP', 'KR', 'TW', 'HK', 'MO', 'SG', 'TH', 'MY'],
      3 * GB,
      15,
      750,
    ),
    type: 'TOPUP',
    validity_start: 'PURCHASE',
    topup_supported: false,
  },
  {
    ...esim('TOPUP-5GB-15D', 'Top-up 5 GB 15 days', ['JP'], 5 * GB, 15, 555),
    type: 'TOPUP',
    validity_start: 'PURCHASE',
    topup_supported: false,
  },
];

function esim(
  code: string,
  name: string,
  countries: string[],
  volume: number,
  days: number,
  cents: number,
): WirePackage {
  return {
    code,
    name,
    type: 'ESIM',
    countries,
    volume_bytes: volume,
    validity_days: days,
    validity_start: 'FIRST_ATTACH',
    price: cents,
    currency: 'USD',
    topup_supported: true,
  };
}

export const SIM_COUNTRIES = [
  { code: 'JP', name: 'Japan', region: 'East Asia' },
  { code: 'KR', name: 'South Korea', region: 'East Asia' },
  { code: 'TW', name: 'Taiwan', region: 'East Asia' },
  { code: 'HK', name: 'Hong Kong', region: 'East Asia' },
  { code: 'MO', name: 'Macao', region: 'East Asia' },
  { code: 'SG', name: 'Singapore', region: 'Southeast Asia' },
  { code: 'TH', name: 'Thailand', region: 'Southeast Asia' },
  { code: 'MY', name: 'Malaysia', region: 'Southeast Asia' },
];

export const SIM_LOGISTICS = [
  {
    code: 'SF',
    name: 'SF Express',
    tracking_url: 'https://www.sf-express.com/tw/en/dynamic_function/waybill/',
  },
  {
    code: 'BLACKCAT',
    name: 'T-Cat (Black Cat)',
    tracking_url: 'https://www.t-cat.com.tw/inquire/trace.aspx',
  },
  {
    code: 'CHUNGHWA_POST',
    name: 'Chunghwa Post',
    tracking_url: 'https://postserv.post.gov.tw/pstmail/main_mail.html',
  },
];

export const SIM_PICKUP_SITES = [
  {
    code: 'TPE-T1',
    name: 'Taoyuan Airport T1 counter',
    country: 'TW',
    city: 'Taoyuan',
    address: 'Terminal 1, Departure Hall 3F, counter 12',
    opening_hours: '06:00-23:00',
  },
  {
    code: 'TPE-T2',
    name: 'Taoyuan Airport T2 counter',
    country: 'TW',
    city: 'Taoyuan',
    address: 'Terminal 2, Departure Hall 3F, counter 7',
    opening_hours: '06:00-23:00',
  },
  {
    code: 'KHH-INT',
    name: 'Kaohsiung Airport counter',
    country: 'TW',
    city: 'Kaohsiung',
    address: 'International Terminal, Departure Hall 1F',
    opening_hours: '07:00-21:00',
  },
  {
    code: 'NRT-T1',
    name: 'Narita Airport T1 pickup',
    country: 'JP',
    city: 'Narita',
    address: 'Terminal 1, Arrival Lobby 1F, South Wing',
    opening_hours: '07:00-22:00',
  },
];
