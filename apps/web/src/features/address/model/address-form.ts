import {
  ADDRESS_DICT_COUNTRY,
  type Address,
  type AddressAddRequest,
  type DictItem,
} from '@simshop/contracts';
import { COUNTRY_CODES, DEFAULT_DIAL_CODE, checkPhone, type PhoneValue } from '../../auth';

export type AddressDraft = {
  contact: string;
  phone: PhoneValue;
  country: string;
  countyCode: string;
  districtCode: string;
  region: string;
  postalCode: string;
  detail: string;
  isDefault: boolean;
};

export type AddressErrors = Partial<Record<'contact' | 'phone' | 'county' | 'district' | 'detail', string>>;

/** Error keys (namespace order, except the phone's, which are the login page's messages in auth). */
export const EMPTY_DRAFT: AddressDraft = {
  contact: '',
  phone: { dial: DEFAULT_DIAL_CODE, number: '' },
  country: ADDRESS_DICT_COUNTRY,
  countyCode: '',
  districtCode: '',
  region: '',
  postalCode: '',
  detail: '',
  isDefault: false,
};

/** A stored E.164 mobile back to the country code and national number the form shows. */
export function splitPhone(e164: string): PhoneValue {
  const digits = e164.replace(/^\+/, '');
  const match = [...COUNTRY_CODES]
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((c) => digits.startsWith(c.dial));
  return match
    ? { dial: match.dial, number: digits.slice(match.dial.length) }
    : { dial: DEFAULT_DIAL_CODE, number: e164 };
}

export function draftOf(a: Address): AddressDraft {
  return {
    contact: a.contact,
    phone: splitPhone(a.phone),
    country: a.country,
    countyCode: a.countyCode ?? '',
    districtCode: a.districtCode ?? '',
    region: a.region ?? '',
    postalCode: a.postalCode ?? '',
    detail: a.detail,
    isDefault: a.isDefault,
  };
}

/** Checks the form; returns translation keys per field, and the request when nothing is wrong. */
export function validateAddress(d: AddressDraft): { errors: AddressErrors; request?: AddressAddRequest } {
  const errors: AddressErrors = {};
  if (!d.contact.trim()) errors.contact = 'order:address.errors.contact';
  const phone = checkPhone(d.phone);
  if (!phone.ok)
    errors.phone = {
      required: 'auth:phoneRequired',
      invalid: 'auth:phoneInvalid',
      countryCodeRequired: 'auth:phoneCountryCodeRequired',
      notForCountry: 'auth:phoneNotForCountry',
    }[phone.error];
  const tw = d.country === ADDRESS_DICT_COUNTRY;
  if (tw && !d.countyCode) errors.county = 'order:address.errors.county';
  if (tw && d.countyCode && !d.districtCode) errors.district = 'order:address.errors.district';
  if (!d.detail.trim()) errors.detail = 'order:address.errors.detail';
  if (Object.keys(errors).length > 0 || !phone.ok) return { errors };
  return {
    errors,
    request: {
      contact: d.contact.trim(),
      phone: phone.e164,
      country: d.country,
      countyCode: tw ? d.countyCode : null,
      districtCode: tw ? d.districtCode : null,
      region: tw ? null : d.region.trim() || null,
      postalCode: tw ? null : d.postalCode.trim() || null,
      detail: d.detail.trim(),
      isDefault: d.isDefault,
    },
  };
}

/** Taiwan's counties (each with its districts) from the `region` dictionary tree. */
export function taiwanCounties(region: DictItem[]): DictItem[] {
  const tw = region.find((i) => i.value === ADDRESS_DICT_COUNTRY && i.parentId === null);
  return tw?.children ?? [];
}
