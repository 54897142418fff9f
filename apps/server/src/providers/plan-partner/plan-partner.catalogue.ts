import type { WirePackage } from './plan-partner.wire';

const GB = 1024 ** 3;

/**
 * The simulator's wholesale packages (USD cents), as an eSIM partner sells them: one range per destination
 * (single countries and regional bundles: 1 GB 7 days, 5 GB 15 days, 20 GB 30 days, unlimited 7 days), top-ups
 * for Japan, Asia and the world (1, 5, 20 GB), and a few odd shapes. `volume_bytes` -1 is unlimited with fair
 * use. Defined after the country list, which the global range covers.
 */
const ODD_PACKAGES: WirePackage[] = [
  esim('JP-5GB-7D', 'Japan 5 GB 7 days', ['JP'], 5 * GB, 7, 650),
  esim('JP-10GB-15D', 'Japan 10 GB 15 days', ['JP'], 10 * GB, 15, 1100),
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
  topUp('TOPUP-1GB-7D', 'Top-up 1 GB 7 days', ['JP', 'KR', 'TW', 'HK', 'MO', 'SG', 'TH', 'MY'], GB, 7, 300),
  topUp(
    'TOPUP-3GB-15D',
    'Top-up 3 GB 15 days',
    ['JP', 'KR', 'TW', 'HK', 'MO', 'SG', 'TH', 'MY'],
    3 * GB,
    15,
    750,
  ),
];

function topUp(
  code: string,
  name: string,
  countries: string[],
  volume: number,
  days: number,
  cents: number,
): WirePackage {
  return {
    ...esim(code, name, countries, volume, days, cents),
    type: 'TOPUP',
    validity_start: 'PURCHASE',
    topup_supported: false,
  };
}

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

/** The partner's coverage: every country it sells data in, by region (English names: its own list). */
export const SIM_COUNTRIES = [
  ...countries('East Asia', {
    JP: 'Japan',
    KR: 'South Korea',
    TW: 'Taiwan',
    HK: 'Hong Kong',
    MO: 'Macao',
    CN: 'China',
  }),
  ...countries('Southeast Asia', {
    SG: 'Singapore',
    TH: 'Thailand',
    MY: 'Malaysia',
    VN: 'Vietnam',
    PH: 'Philippines',
    ID: 'Indonesia',
    KH: 'Cambodia',
    LA: 'Laos',
    MM: 'Myanmar',
  }),
  ...countries('South Asia', { IN: 'India' }),
  ...countries('Europe', {
    GB: 'United Kingdom',
    FR: 'France',
    DE: 'Germany',
    IT: 'Italy',
    ES: 'Spain',
    CH: 'Switzerland',
    NL: 'Netherlands',
    BE: 'Belgium',
    AT: 'Austria',
    PT: 'Portugal',
    GR: 'Greece',
    IE: 'Ireland',
    SE: 'Sweden',
    NO: 'Norway',
    DK: 'Denmark',
    FI: 'Finland',
    PL: 'Poland',
    CZ: 'Czechia',
    HU: 'Hungary',
    TR: 'Turkey',
  }),
  ...countries('Americas', {
    US: 'United States',
    CA: 'Canada',
    MX: 'Mexico',
    BR: 'Brazil',
    AR: 'Argentina',
    CL: 'Chile',
    CO: 'Colombia',
    PE: 'Peru',
  }),
  ...countries('Oceania', { AU: 'Australia', NZ: 'New Zealand' }),
  ...countries('Middle East', { AE: 'United Arab Emirates' }),
];

function countries(region: string, names: Record<string, string>) {
  return Object.entries(names).map(([code, name]) => ({ code, name, region }));
}

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

/** Wholesale price bands (USD cents): 1 GB 7 days, 5 GB 15 days, 20 GB 30 days, unlimited 7 days. */
const BANDS = {
  A: [220, 555, 1337, 890],
  B: [287, 667, 1560, 1113],
  C: [377, 890, 2006, 1337],
  D: [444, 1113, 2453, 1560],
  E: [667, 1783, 3792, 2229],
} as const;
type Band = keyof typeof BANDS;

const SOUTHEAST_ASIA = ['TH', 'VN', 'SG', 'MY', 'PH', 'ID', 'KH', 'LA', 'MM'];
/** Destinations with a full range: a country, or a bundle with its name and countries. */
const RANGES: { code: string; band: Band; bundle?: { name: string; countries: string[] } }[] = [
  ...(['TH', 'VN', 'MY', 'PH', 'ID', 'TW'] as const).map((code) => ({ code, band: 'A' as Band })),
  ...(['JP', 'KR', 'SG', 'HK', 'MO', 'CN'] as const).map((code) => ({ code, band: 'B' as Band })),
  ...(['IN', 'GB', 'FR', 'DE', 'IT', 'ES', 'TR', 'US', 'CA', 'MX', 'AU', 'NZ', 'AE'] as const).map(
    (code) => ({ code, band: 'C' as Band }),
  ),
  ...(['CH', 'BR'] as const).map((code) => ({ code, band: 'D' as Band })),
  {
    code: 'EU',
    band: 'D',
    bundle: {
      name: 'Europe 19 countries',
      countries: [
        'GB',
        'FR',
        'DE',
        'IT',
        'ES',
        'CH',
        'NL',
        'BE',
        'AT',
        'PT',
        'GR',
        'IE',
        'SE',
        'NO',
        'DK',
        'FI',
        'PL',
        'CZ',
        'HU',
      ],
    },
  },
  {
    code: 'ASIA',
    band: 'C',
    bundle: {
      name: 'Asia 16 countries',
      countries: ['JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'IN', ...SOUTHEAST_ASIA],
    },
  },
  { code: 'SEA', band: 'B', bundle: { name: 'Southeast Asia 9 countries', countries: SOUTHEAST_ASIA } },
  {
    code: 'AMERICAS',
    band: 'D',
    bundle: { name: 'Americas 8 countries', countries: ['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE'] },
  },
  { code: 'GLOBAL', band: 'E', bundle: { name: 'Global', countries: SIM_COUNTRIES.map((c) => c.code) } },
];

const nameOf = (code: string) => SIM_COUNTRIES.find((c) => c.code === code)?.name ?? code;

function range(r: (typeof RANGES)[number]): WirePackage[] {
  const name = r.bundle?.name ?? nameOf(r.code);
  const countries = r.bundle?.countries ?? [r.code];
  const [p1, p5, p20, pUnl] = BANDS[r.band];
  return [
    esim(`${r.code}-1GB-7D`, `${name} 1 GB 7 days`, countries, GB, 7, p1),
    esim(`${r.code}-5GB-15D`, `${name} 5 GB 15 days`, countries, 5 * GB, 15, p5),
    esim(`${r.code}-20GB-30D`, `${name} 20 GB 30 days`, countries, 20 * GB, 30, p20),
    {
      ...esim(`${r.code}-UNL-7D`, `${name} unlimited 7 days`, countries, -1, 7, pUnl),
      topup_supported: false,
    },
  ];
}

/** Top-ups by coverage: Japan, Asia, the world (USD cents for 1 GB 7 days, 5 GB 15 days, 20 GB 30 days). */
const TOP_UPS: { code: string; name: string; countries: string[]; cents: [number, number, number] }[] = [
  { code: 'JP', name: 'Japan', countries: ['JP'], cents: [220, 555, 1337] },
  {
    code: 'ASIA',
    name: 'Asia',
    countries: ['JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'IN', ...SOUTHEAST_ASIA],
    cents: [332, 779, 2006],
  },
  { code: 'GLOBAL', name: 'Global', countries: SIM_COUNTRIES.map((c) => c.code), cents: [444, 1113, 2899] },
];

export const SIM_PACKAGES: WirePackage[] = [
  ...RANGES.flatMap(range),
  ...TOP_UPS.flatMap((t) => [
    topUp(`TOPUP-${t.code}-1GB-7D`, `${t.name} top-up 1 GB 7 days`, t.countries, GB, 7, t.cents[0]),
    topUp(`TOPUP-${t.code}-5GB-15D`, `${t.name} top-up 5 GB 15 days`, t.countries, 5 * GB, 15, t.cents[1]),
    topUp(`TOPUP-${t.code}-20GB-30D`, `${t.name} top-up 20 GB 30 days`, t.countries, 20 * GB, 30, t.cents[2]),
  ]),
  ...ODD_PACKAGES,
];
