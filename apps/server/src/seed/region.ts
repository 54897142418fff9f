import type { Config } from '../config';
import type { Db } from '../platform/db';
import { invalidateDictCache } from '../modules/dict';
import { TW_REGIONS } from './region-tw.data';

const REGION_NAMES = [
  '地区',
  JSON.stringify({ 'zh-Hant': '地區', en: 'Region', es: 'Región', fr: 'Région' }),
] as const;
const TAIWAN_NAMES = [
  '台湾',
  JSON.stringify({ 'zh-Hant': '台灣', en: 'Taiwan', es: 'Taiwán', fr: 'Taïwan' }),
] as const;

/** Spanish and French names of a county or city: "Yilan County" -> "Condado de Yilan" / "Comté de Yilan". */
function latinNames(en: string) {
  const county = en.match(/^(.*) County$/);
  if (county) return { es: `Condado de ${county[1]}`, fr: `Comté de ${county[1]}` };
  const base = en.replace(/ City$/, '');
  return { es: base, fr: base };
}

/**
 * Completes the `region` dictionary with Taiwan's counties, cities and districts (addresses pick them by
 * code). Adds whatever is missing and keeps what is there, so it can run on every start.
 */
export async function seedTaiwanRegions(db: Db, _config?: Config) {
  await db.transaction().execute(async (trx) => {
    let type = await trx.selectFrom('dict_type').select('id').where('key', '=', 'region').executeTakeFirst();
    if (!type)
      type = await trx
        .insertInto('dict_type')
        .values({ key: 'region', name: REGION_NAMES[0], name_i18n: REGION_NAMES[1] })
        .returning('id')
        .executeTakeFirstOrThrow();
    const typeId = type.id;
    const items = await trx
      .selectFrom('dict_info')
      .select(['id', 'value', 'parent_id', 'order_num'])
      .where('type_id', '=', typeId)
      .execute();
    let tw = items.find((i) => i.value === 'TW' && i.parent_id === null);
    if (!tw) {
      const row = await trx
        .insertInto('dict_info')
        .values({
          type_id: typeId,
          name: TAIWAN_NAMES[0],
          name_i18n: TAIWAN_NAMES[1],
          value: 'TW',
          description: null,
          parent_id: null,
          order_num: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      tw = { id: row.id, value: 'TW', parent_id: null, order_num: 1 };
    }
    const twId = Number(tw.id);
    const childrenOf = (parentId: number) => items.filter((i) => Number(i.parent_id) === parentId);
    const counties = new Map(childrenOf(twId).map((c) => [c.value, c]));
    for (const [index, [code, zhHans, zhHant, en, districts]] of TW_REGIONS.entries()) {
      const orderNum = index + 1;
      let county = counties.get(code);
      if (!county) {
        const row = await trx
          .insertInto('dict_info')
          .values({
            type_id: typeId,
            name: zhHans,
            name_i18n: JSON.stringify({ 'zh-Hant': zhHant, en, ...latinNames(en) }),
            value: code,
            description: null,
            parent_id: twId,
            order_num: orderNum,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        county = { id: row.id, value: code, parent_id: twId, order_num: orderNum };
      } else if (Number(county.order_num) !== orderNum) {
        // the picker lists counties north to south, whatever order an older seed gave them
        await trx.updateTable('dict_info').set({ order_num: orderNum }).where('id', '=', county.id).execute();
      }
      const have = new Set(childrenOf(Number(county.id)).map((d) => d.value));
      const missing = districts.filter(([zip]) => !have.has(zip));
      if (missing.length === 0) continue;
      await trx
        .insertInto('dict_info')
        .values(
          missing.map(([zip, dHans, dHant, dEn]) => ({
            type_id: typeId,
            name: dHans,
            // Spanish and French readers fall back to the English romanisation
            name_i18n: JSON.stringify({ 'zh-Hant': dHant, en: dEn }),
            value: zip,
            description: zip,
            parent_id: Number(county.id),
            order_num: districts.findIndex(([z]) => z === zip) + 1,
          })),
        )
        .execute();
    }
  });
  invalidateDictCache(db);
}
