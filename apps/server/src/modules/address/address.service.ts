import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import {
  ADDRESS_DICT_COUNTRY,
  ADDRESS_MAX_PER_USER,
  type Address,
  type AddressAddRequest,
  type AddressUpdateRequest,
  type Locale,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lockUserRow, type Db } from '../../platform/db';
import { iso } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { normalizePhone } from '../../platform/phone';
import {
  clearDefaultAddress,
  countAddresses,
  deleteAddresses,
  deleteAllAddresses,
  findAddress,
  findAddresses,
  findDefaultAddress,
  findNewestAddress,
  insertAddress,
  ownedAddressIds,
  updateAddress,
  type AddressRow,
} from './address.repository';
import { countryName, regionIndex, regionName, type RegionIndex } from './address.region';

type Place = {
  country: string;
  countyCode: string | null;
  districtCode: string | null;
  region: string | null;
  postalCode: string | null;
};

/**
 * Checks where an address is and returns what is stored: in Taiwan a county and one of its districts from
 * the region dictionary (the district's postal code goes with it, free text is dropped); elsewhere the
 * region as typed, and no dictionary codes.
 */
export function resolvePlace(index: RegionIndex, p: Place): Place {
  if (!isSupportedCountry(p.country)) return fail('ADDRESS_REGION_INVALID');
  if (p.country !== ADDRESS_DICT_COUNTRY)
    return {
      country: p.country,
      countyCode: null,
      districtCode: null,
      region: p.region || null,
      postalCode: p.postalCode || null,
    };
  const county = p.countyCode ? index.get(p.countyCode) : undefined;
  if (!county) return fail('ADDRESS_REGION_INVALID');
  const district = p.districtCode ? county.districts.get(p.districtCode) : undefined;
  if (!district) return fail('ADDRESS_REGION_INVALID');
  return {
    country: p.country,
    countyCode: county.code,
    districtCode: district.code,
    region: null,
    postalCode: district.code,
  };
}

/** The phone as E.164; national numbers are read in the address's country when the library knows it. */
const phoneFor = (ctx: AppContext, phone: string, country: string) =>
  normalizePhone(
    phone,
    isSupportedCountry(country) ? (country as CountryCode) : ctx.config.defaultPhoneRegion,
  );

export function toAddress(r: AddressRow, index: RegionIndex, locale: Locale): Address {
  const county = r.county_code ? index.get(r.county_code) : undefined;
  const countyName = regionName(county, locale);
  const districtName = regionName(
    r.district_code ? county?.districts.get(r.district_code) : undefined,
    locale,
  );
  const chinese = locale.startsWith('zh');
  let fullAddress: string;
  if (r.country === ADDRESS_DICT_COUNTRY && chinese)
    fullAddress = `${r.postal_code ?? ''} ${countyName ?? ''}${districtName ?? ''}${r.detail}`.trim();
  else {
    const local = [
      r.district_code ? districtName : null,
      r.country === ADDRESS_DICT_COUNTRY ? countyName : r.region,
    ]
      .filter(Boolean)
      .join(', ');
    fullAddress = [r.detail, [local, r.postal_code].filter(Boolean).join(' '), countryName(r.country, locale)]
      .filter(Boolean)
      .join(', ');
  }
  return {
    id: Number(r.id),
    contact: r.contact,
    phone: r.phone,
    country: r.country,
    countyCode: r.county_code,
    countyName,
    districtCode: r.district_code,
    districtName,
    region: r.region,
    postalCode: r.postal_code,
    detail: r.detail,
    fullAddress,
    isDefault: Number(r.is_default) === 1,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function shape(db: Db, rows: AddressRow[], locale: Locale) {
  const index = await regionIndex(db);
  return rows.map((r) => toAddress(r, index, locale));
}

/** Throws NOT_FOUND unless the address is the user's (someone else's looks the same as a missing one). */
export function assertOwnAddress(row: AddressRow | undefined): asserts row is AddressRow {
  if (!row) fail('NOT_FOUND');
}

export function assertUnderAddressLimit(count: number) {
  if (count >= ADDRESS_MAX_PER_USER) fail('ADDRESS_LIMIT_REACHED', { max: ADDRESS_MAX_PER_USER });
}

/** Every address of the user, the default first. */
export async function listAddresses(ctx: AppContext, userId: number, locale: Locale) {
  return shape(ctx.db, await findAddresses(ctx.db, userId), locale);
}

export async function addressPage(
  ctx: AppContext,
  userId: number,
  req: { page: number; size: number },
  locale: Locale,
) {
  const [total, rows] = await Promise.all([
    countAddresses(ctx.db, userId),
    findAddresses(ctx.db, userId, { limit: req.size, offset: (req.page - 1) * req.size }),
  ]);
  return { list: await shape(ctx.db, rows, locale), pagination: { page: req.page, size: req.size, total } };
}

export async function addressInfo(ctx: AppContext, userId: number, id: number, locale: Locale) {
  const row = await findAddress(ctx.db, userId, id);
  assertOwnAddress(row);
  return (await shape(ctx.db, [row], locale))[0]!;
}

/** The user's default address, or null when they have none. */
export async function defaultAddress(ctx: AppContext, userId: number, locale: Locale) {
  const row = await findDefaultAddress(ctx.db, userId);
  return row ? (await shape(ctx.db, [row], locale))[0]! : null;
}

/** Adds an address; the first one, or one asked to be, becomes the default (the old default loses it). */
export async function addAddress(ctx: AppContext, userId: number, input: AddressAddRequest, locale: Locale) {
  const place = resolvePlace(await regionIndex(ctx.db), input);
  const phone = phoneFor(ctx, input.phone, place.country);
  const at = Date.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    const count = await countAddresses(trx, userId);
    assertUnderAddressLimit(count);
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await clearDefaultAddress(trx, userId, at);
    return insertAddress(trx, {
      user_id: userId,
      contact: input.contact,
      phone,
      country: place.country,
      county_code: place.countyCode,
      district_code: place.districtCode,
      region: place.region,
      postal_code: place.postalCode,
      detail: input.detail,
      is_default: isDefault ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
  });
  return addressInfo(ctx, userId, id, locale);
}

/** Changes the fields given; `isDefault: true` moves the default here. */
export async function changeAddress(
  ctx: AppContext,
  userId: number,
  input: AddressUpdateRequest,
  locale: Locale,
) {
  const index = await regionIndex(ctx.db);
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    const row = await findAddress(trx, userId, input.id);
    assertOwnAddress(row);
    const countryChanged = input.country !== undefined && input.country !== row.country;
    const place = resolvePlace(index, {
      country: input.country ?? row.country,
      // a new country starts from no region: the old one belonged to the old country
      countyCode: input.countyCode !== undefined ? input.countyCode : countryChanged ? null : row.county_code,
      districtCode:
        input.districtCode !== undefined ? input.districtCode : countryChanged ? null : row.district_code,
      region: input.region !== undefined ? input.region : countryChanged ? null : row.region,
      postalCode: input.postalCode !== undefined ? input.postalCode : countryChanged ? null : row.postal_code,
    });
    const phone =
      input.phone !== undefined || countryChanged
        ? phoneFor(ctx, input.phone ?? row.phone, place.country)
        : row.phone;
    const makeDefault = input.isDefault === true && Number(row.is_default) !== 1;
    if (makeDefault) await clearDefaultAddress(trx, userId, at);
    await updateAddress(trx, userId, row.id, {
      contact: input.contact ?? row.contact,
      phone,
      country: place.country,
      county_code: place.countyCode,
      district_code: place.districtCode,
      region: place.region,
      postal_code: place.postalCode,
      detail: input.detail ?? row.detail,
      ...(makeDefault ? { is_default: 1 } : {}),
      updated_at: at,
    });
  });
  return addressInfo(ctx, userId, input.id, locale);
}

/** Deletes the user's addresses; when the default goes, the newest left becomes the default. */
export async function removeAddresses(ctx: AppContext, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const at = Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    const owned = await ownedAddressIds(trx, userId, unique);
    if (owned.length !== unique.length) fail('NOT_FOUND');
    const deleted = await deleteAddresses(trx, userId, owned);
    let current = await findDefaultAddress(trx, userId);
    if (!current) {
      const newest = await findNewestAddress(trx, userId);
      if (newest) {
        await updateAddress(trx, userId, newest.id, { is_default: 1, updated_at: at });
        current = newest;
      }
    }
    return { deleted, defaultId: current ? Number(current.id) : null };
  });
}

/** Account deletion (user-info's logoff, inside its transaction): the address book goes entirely. */
export const forgetAddresses = (trx: Db, userId: number) => deleteAllAddresses(trx, userId);
