import {
  LOCALES,
  REGION_CODES,
  type CoveredCountry,
  type Destination,
  type Locale,
  type RegionCode,
} from '@simshop/contracts';

type Names = Record<Locale, string>;
type Entry = { names: Names; aliases?: string[] };

const n = (en: string, zhHans: string, zhHant: string, es: string, fr: string): Names => ({
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  es,
  fr,
});

/**
 * Destination names the shop writes itself (ICU's are long-winded: "Hong Kong SAR China"), and search aliases:
 * other names people type for a place. Other ISO countries are named by Intl.DisplayNames.
 */
const COUNTRIES: Record<string, Entry> = {
  JP: {
    names: n('Japan', '日本', '日本', 'Japón', 'Japon'),
    aliases: ['Tokyo', 'Osaka', '东京', '東京', '大阪'],
  },
  KR: {
    names: n('South Korea', '韩国', '韓國', 'Corea del Sur', 'Corée du Sud'),
    aliases: ['Korea', 'Seoul', '南韩', '南韓', '首尔', '首爾'],
  },
  TH: { names: n('Thailand', '泰国', '泰國', 'Tailandia', 'Thaïlande'), aliases: ['Bangkok', '曼谷'] },
  US: {
    names: n('United States', '美国', '美國', 'Estados Unidos', 'États-Unis'),
    aliases: ['USA', 'America', 'EEUU'],
  },
  VN: { names: n('Vietnam', '越南', '越南', 'Vietnam', 'Viêt Nam'), aliases: ['Viet Nam'] },
  SG: { names: n('Singapore', '新加坡', '新加坡', 'Singapur', 'Singapour') },
  HK: { names: n('Hong Kong', '香港', '香港', 'Hong Kong', 'Hong Kong') },
  MO: { names: n('Macau', '澳门', '澳門', 'Macao', 'Macao'), aliases: ['Macao'] },
  CN: {
    names: n('China', '中国', '中國', 'China', 'Chine'),
    aliases: ['Mainland China', '中国大陆', '中國大陸'],
  },
  MY: {
    names: n('Malaysia', '马来西亚', '馬來西亞', 'Malasia', 'Malaisie'),
    aliases: ['Kuala Lumpur', '大马'],
  },
  PH: { names: n('Philippines', '菲律宾', '菲律賓', 'Filipinas', 'Philippines') },
  ID: {
    names: n('Indonesia', '印度尼西亚', '印尼', 'Indonesia', 'Indonésie'),
    aliases: ['Bali', '峇里島', '巴厘岛'],
  },
  AU: { names: n('Australia', '澳大利亚', '澳洲', 'Australia', 'Australie'), aliases: ['澳洲'] },
  NZ: {
    names: n('New Zealand', '新西兰', '紐西蘭', 'Nueva Zelanda', 'Nouvelle-Zélande'),
    aliases: ['纽西兰'],
  },
  GB: {
    names: n('United Kingdom', '英国', '英國', 'Reino Unido', 'Royaume-Uni'),
    aliases: ['UK', 'Britain', 'England', 'London', '伦敦', '倫敦'],
  },
  FR: { names: n('France', '法国', '法國', 'Francia', 'France'), aliases: ['Paris', '巴黎'] },
  DE: { names: n('Germany', '德国', '德國', 'Alemania', 'Allemagne'), aliases: ['Deutschland'] },
  IT: { names: n('Italy', '意大利', '義大利', 'Italia', 'Italie'), aliases: ['义大利', '意大利'] },
  ES: { names: n('Spain', '西班牙', '西班牙', 'España', 'Espagne') },
  CH: { names: n('Switzerland', '瑞士', '瑞士', 'Suiza', 'Suisse'), aliases: ['Schweiz'] },
  TR: { names: n('Turkey', '土耳其', '土耳其', 'Turquía', 'Turquie'), aliases: ['Türkiye', 'Istanbul'] },
  AE: {
    names: n('United Arab Emirates', '阿联酋', '阿聯酋', 'Emiratos Árabes Unidos', 'Émirats arabes unis'),
    aliases: ['UAE', 'Dubai', '迪拜', '杜拜'],
  },
  CA: { names: n('Canada', '加拿大', '加拿大', 'Canadá', 'Canada') },
  MX: { names: n('Mexico', '墨西哥', '墨西哥', 'México', 'Mexique') },
  BR: { names: n('Brazil', '巴西', '巴西', 'Brasil', 'Brésil') },
  IN: { names: n('India', '印度', '印度', 'India', 'Inde') },
  TW: { names: n('Taiwan', '台湾', '台灣', 'Taiwán', 'Taïwan'), aliases: ['臺灣', 'Taipei', '台北', '臺北'] },
};

const EUROPE = [
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
];
const SOUTHEAST_ASIA = ['TH', 'VN', 'SG', 'MY', 'PH', 'ID', 'KH', 'LA', 'MM'];
const ASIA = ['JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'IN', ...SOUTHEAST_ASIA];
const AMERICAS = ['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE'];

/** Regions and the countries they cover; GLOBAL covers every country. */
const REGIONS: Record<RegionCode, Entry & { countries: string[] }> = {
  EU: {
    names: n('Europe', '欧洲', '歐洲', 'Europa', 'Europe'),
    countries: EUROPE,
    aliases: ['EU', '欧盟', '歐盟'],
  },
  ASIA: { names: n('Asia', '亚洲', '亞洲', 'Asia', 'Asie'), countries: ASIA },
  SEA: {
    names: n('Southeast Asia', '东南亚', '東南亞', 'Sudeste Asiático', 'Asie du Sud-Est'),
    countries: SOUTHEAST_ASIA,
  },
  AMERICAS: { names: n('Americas', '美洲', '美洲', 'América', 'Amériques'), countries: AMERICAS },
  GLOBAL: {
    names: n('Global', '全球', '全球', 'Global', 'Monde'),
    countries: [],
    aliases: ['Worldwide', 'World', '世界', 'Mundial'],
  },
};

/** The countries the shop names itself, in a stable order (for GLOBAL search text and the destination list). */
export const KNOWN_COUNTRIES = Object.keys(COUNTRIES);
export const isRegion = (code: string): code is RegionCode =>
  (REGION_CODES as readonly string[]).includes(code);

/** Codes ICU names that are not places one travels to. */
const NOT_COUNTRIES = new Set(['ZZ', 'QO', 'UN', 'EZ']);

const displayNames = new Map<Locale, Intl.DisplayNames>();
const icuName = (code: string, locale: Locale): string | undefined => {
  let d = displayNames.get(locale);
  if (!d)
    displayNames.set(locale, (d = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })));
  try {
    return d.of(code) ?? undefined;
  } catch {
    return undefined;
  }
};

/** True for a region code or an ISO 3166-1 alpha-2 country that ICU knows. */
export const isKnownDestination = (code: string) =>
  isRegion(code) ||
  code in COUNTRIES ||
  (/^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && icuName(code, 'en') !== undefined);

/** A destination's name in the reader's language. */
export function destinationName(code: string, locale: Locale): string {
  const e = isRegion(code) ? REGIONS[code] : COUNTRIES[code];
  return e?.names[locale] ?? icuName(code, locale) ?? code;
}

/** The countries a region covers (empty for a country, and for GLOBAL, which covers everything). */
export const regionCountries = (code: string): string[] => (isRegion(code) ? REGIONS[code].countries : []);

/**
 * Codes whose plans serve someone going to `code`: the code itself, every region covering it, and GLOBAL.
 * A region is covered by itself, GLOBAL, and (Southeast Asia) by Asia.
 */
export function coveringCodes(code: string): string[] {
  const out = new Set([code, 'GLOBAL']);
  if (code === 'SEA') out.add('ASIA');
  for (const [region, r] of Object.entries(REGIONS)) if (r.countries.includes(code)) out.add(region);
  return [...out];
}

/** Where the destination pictures live; `v` changes whenever the artwork generator does (they are cached for a year). */
export const ARTWORK_VERSION = '1';
export const CATALOGUE_STATIC_PREFIX = '/static/catalogue/';
export const catalogueAssetUrl = (file: string) => `${CATALOGUE_STATIC_PREFIX}${file}?v=${ARTWORK_VERSION}`;
export const flagFile = (code: string) => `flag-${code.toLowerCase()}.svg`;

/** A destination as the API shows it, named in the reader's language. */
export function describeDestination(code: string, locale: Locale): Destination {
  return {
    code,
    name: destinationName(code, locale),
    kind: isRegion(code) ? 'region' : 'country',
    flag: catalogueAssetUrl(flagFile(code)),
    countries: regionCountries(code),
  };
}

/** Every name of the destinations themselves, in every language, plus aliases ("UK", "Tokyo"). */
export function destinationSearchNames(codes: string[]): string[] {
  const out: string[] = [];
  for (const code of codes) {
    const e = isRegion(code) ? REGIONS[code] : COUNTRIES[code];
    if (e) out.push(...Object.values(e.names), ...(e.aliases ?? []));
    else for (const l of LOCALES) out.push(icuName(code, l) ?? code);
  }
  return out;
}

/**
 * The names of the countries that regions among `codes` cover (a Europe plan is found by "France"); GLOBAL
 * covers every country the shop names. Searches rank these matches after the goods' own texts.
 */
export const coveredSearchNames = (codes: string[]): string[] =>
  destinationSearchNames([
    ...new Set(
      codes
        .filter(isRegion)
        .flatMap((code) => (code === 'GLOBAL' ? KNOWN_COUNTRIES : REGIONS[code].countries)),
    ),
  ]);

/**
 * Every country a goods covers: its countries, and those of its regions (GLOBAL: every country the shop
 * names), each once, sorted by name in the reader's language, with the networks the goods says it uses there.
 */
export function coveredCountries(
  codes: string[],
  networks: Record<string, string[]>,
  locale: Locale,
): CoveredCountry[] {
  const all = new Set<string>();
  for (const code of codes)
    if (!isRegion(code)) all.add(code);
    else for (const c of code === 'GLOBAL' ? KNOWN_COUNTRIES : REGIONS[code].countries) all.add(c);
  const collator = new Intl.Collator(locale);
  return [...all]
    .map((code) => ({
      code,
      name: destinationName(code, locale),
      flag: catalogueAssetUrl(flagFile(code)),
      networks: networks[code] ?? [],
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
