import { z } from 'zod';
import { pageRequest, pageOf } from './envelope';

/**
 * Shipping addresses (issue 4), namespace app/user/address. Taiwan addresses name their county or city
 * and district by the codes of the `region` dictionary (county: TPE, KHH, ...; district: its 3-digit postal
 * code); other countries give the region as free text. Exactly one address of a user is the default.
 */

export const ADDRESS_MAX_PER_USER = 20;
export const ADDRESS_CONTACT_MAX = 30;
export const ADDRESS_DETAIL_MAX = 200;
export const ADDRESS_REGION_TEXT_MAX = 100;
/** The country whose regions come from the dictionary; others are free text. */
export const ADDRESS_DICT_COUNTRY = 'TW';

const entityId = z.coerce.number().int().positive();
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/)
  .describe('ISO 3166-1 alpha-2; TW by default');
const regionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,8}$/);

const addressFields = {
  contact: z.string().trim().min(1).max(ADDRESS_CONTACT_MAX).describe('recipient name'),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .describe('mobile; national numbers read in the default region, others need the country code'),
  country: countryCode,
  countyCode: regionCode.nullable().describe('TW: county or city code of the region dictionary (e.g. TPE)'),
  districtCode: regionCode
    .nullable()
    .describe('TW: district code of the region dictionary (its postal code, e.g. 100)'),
  region: z
    .string()
    .trim()
    .max(ADDRESS_REGION_TEXT_MAX)
    .nullable()
    .describe('outside TW: state, province or city as typed'),
  postalCode: z
    .string()
    .trim()
    .max(16)
    .regex(/^[A-Za-z0-9 -]*$/)
    .nullable()
    .describe('outside TW; TW takes the district postal code'),
  detail: z.string().trim().min(1).max(ADDRESS_DETAIL_MAX).describe('street, number, floor'),
  isDefault: z.boolean(),
};

export const addressAddRequest = z.object({
  ...addressFields,
  country: countryCode.default(ADDRESS_DICT_COUNTRY),
  countyCode: addressFields.countyCode.default(null),
  districtCode: addressFields.districtCode.default(null),
  region: addressFields.region.default(null),
  postalCode: addressFields.postalCode.default(null),
  isDefault: z.boolean().default(false).describe("the user's first address becomes the default anyway"),
});
export type AddressAddRequest = z.infer<typeof addressAddRequest>;

/** Changes the fields given. `isDefault: false` on the default is ignored: choose another default instead. */
export const addressUpdateRequest = z.object({
  id: entityId,
  contact: addressFields.contact.optional(),
  phone: addressFields.phone.optional(),
  country: countryCode.optional(),
  countyCode: addressFields.countyCode.optional(),
  districtCode: addressFields.districtCode.optional(),
  region: addressFields.region.optional(),
  postalCode: addressFields.postalCode.optional(),
  detail: addressFields.detail.optional(),
  isDefault: z.boolean().optional(),
});
export type AddressUpdateRequest = z.infer<typeof addressUpdateRequest>;

export const addressDeleteRequest = z.object({
  ids: z.array(entityId).min(1).max(ADDRESS_MAX_PER_USER),
});
export const addressListRequest = z.object({});
export const addressPageRequest = pageRequest;

export const address = z.object({
  id: z.number().int(),
  contact: z.string(),
  phone: z.string().describe('E.164'),
  country: z.string(),
  countyCode: z.string().nullable(),
  countyName: z.string().nullable().describe('in the caller language'),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  detail: z.string(),
  fullAddress: z.string().describe('one line for display and labels, in the caller language'),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof address>;
export const addressListResponse = z.array(address);
export const addressPageResponse = pageOf(address);
export const addressDeleteResponse = z.object({
  deleted: z.number().int(),
  defaultId: z
    .number()
    .int()
    .nullable()
    .describe('the default after the delete (the newest one was promoted)'),
});
