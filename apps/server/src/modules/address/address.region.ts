import type { Locale } from '@simshop/contracts';
import { ADDRESS_DICT_COUNTRY } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { findDictItems, findDictTypes, localName } from '../dict';

type Named = { code: string; name: string; i18n: string | null };
export type RegionCounty = Named & { districts: Map<string, Named> };
/** Taiwan's counties and districts of the `region` dictionary, by code. */
export type RegionIndex = Map<string, RegionCounty>;

const TTL_MS = 60_000;
const cache = new WeakMap<Db, { at: number; index: RegionIndex }>();

/** The county/district tree under TW in the region dictionary (cached for a minute). */
export async function regionIndex(db: Db): Promise<RegionIndex> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.index;
  const [type] = await findDictTypes(db, ['region']);
  const items = type ? await findDictItems(db, [type.id]) : [];
  const country = items.find((i) => i.parent_id === null && i.value === ADDRESS_DICT_COUNTRY);
  const index: RegionIndex = new Map();
  if (country) {
    const counties = items.filter((i) => Number(i.parent_id) === Number(country.id) && i.value);
    for (const c of counties) {
      const districts = new Map<string, Named>();
      for (const d of items)
        if (Number(d.parent_id) === Number(c.id) && d.value)
          districts.set(d.value, { code: d.value, name: d.name, i18n: d.name_i18n });
      index.set(c.value!, { code: c.value!, name: c.name, i18n: c.name_i18n, districts });
    }
  }
  cache.set(db, { at: Date.now(), index });
  return index;
}

export const regionName = (n: Named | undefined, locale: Locale) =>
  n ? localName(n.name, n.i18n, locale) : null;

/** A country's name in the reader's language (TW -> 台灣 / Taiwan). */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
