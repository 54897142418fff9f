import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADDRESS_DETAIL_MAX, ADDRESS_DICT_COUNTRY, type Address } from '@simshop/contracts';
import { useDict } from '../../../lib/dict';
import { COUNTRY_CODES, PhoneInput } from '../../auth';
import { addressInfoQuery, useAddressActions } from '../api/address.api';
import {
  EMPTY_DRAFT,
  draftOf,
  taiwanCounties,
  validateAddress,
  type AddressDraft,
  type AddressErrors,
} from '../model/address-form';
import { LoadError, Loading, toast, toastError } from '../../../shared';
import './address.css';

const COUNTRIES = [...new Set(COUNTRY_CODES.map((c) => c.region))];

function countryName(code: string, lang: string) {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="addr-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** New or existing (`id`) address: recipient, mobile with country code, Taiwan county/district or text, detail, default. */
export function AddressForm({ id, onSaved }: { id?: number; onSaved: (a: Address) => void }) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const existing = useQuery({ ...addressInfoQuery(lang, id ?? 0), enabled: Boolean(id) });
  const counties = taiwanCounties(useDict('region'));
  const actions = useAddressActions();
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data));
  }, [existing.data]);

  if (id && existing.isPending) return <Loading />;
  if (id && existing.error)
    return <LoadError error={existing.error} onRetry={() => void existing.refetch()} />;

  // Once the errors are shown, each edit re-checks them: a field's error goes as soon as it is filled (issue 12).
  const set = (patch: Partial<AddressDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (Object.keys(errors).length === 0) return;
    const now = validateAddress(next).errors;
    const kept: AddressErrors = {};
    for (const k of Object.keys(errors) as (keyof AddressErrors)[]) if (now[k]) kept[k] = now[k];
    setErrors(kept);
  };
  const tw = draft.country === ADDRESS_DICT_COUNTRY;
  const county = counties.find((c) => c.value === draft.countyCode);
  const err = (k: keyof AddressErrors) => (errors[k] ? t(errors[k]!) : undefined);
  const described = (k: keyof AddressErrors) => (errors[k] ? `addr-err-${k}` : undefined);

  const submit = async () => {
    const { errors: found, request } = validateAddress(draft);
    setErrors(found);
    if (!request) return;
    setSaving(true);
    try {
      const saved = id ? await actions.update({ id, ...request }) : await actions.add(request);
      toast(t('address.saved'), 'success');
      onSaved(saved);
    } catch (e) {
      toastError(e, t('address.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="addr-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="addr-field">
        <span>{t('address.contact')}</span>
        <input
          value={draft.contact}
          maxLength={30}
          autoComplete="name"
          aria-invalid={Boolean(errors.contact)}
          aria-describedby={described('contact')}
          onChange={(e) => set({ contact: e.target.value })}
        />
      </label>
      <FieldError id="addr-err-contact" text={err('contact')} />
      <div className="addr-field">
        <label htmlFor="addr-phone">{t('address.phone')}</label>
        <PhoneInput id="addr-phone" value={draft.phone} onChange={(phone) => set({ phone })} />
      </div>
      <FieldError id="addr-err-phone" text={err('phone')} />
      <label className="addr-field">
        <span>{t('address.country')}</span>
        <select
          value={draft.country}
          onChange={(e) => set({ country: e.target.value, countyCode: '', districtCode: '' })}
        >
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {countryName(c, lang)}
            </option>
          ))}
        </select>
      </label>
      {tw ? (
        <>
          <label className="addr-field">
            <span>{t('address.county')}</span>
            <select
              value={draft.countyCode}
              aria-invalid={Boolean(errors.county)}
              aria-describedby={described('county')}
              onChange={(e) => set({ countyCode: e.target.value, districtCode: '' })}
            >
              <option value="">{t('address.choose')}</option>
              {counties.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <FieldError id="addr-err-county" text={err('county')} />
          <label className="addr-field">
            <span>{t('address.district')}</span>
            <select
              value={draft.districtCode}
              disabled={!county}
              aria-invalid={Boolean(errors.district)}
              aria-describedby={described('district')}
              onChange={(e) => set({ districtCode: e.target.value })}
            >
              <option value="">{t('address.choose')}</option>
              {(county?.children ?? []).map((d) => (
                <option key={d.value} value={d.value}>
                  {`${d.value} ${d.label}`}
                </option>
              ))}
            </select>
          </label>
          <FieldError id="addr-err-district" text={err('district')} />
        </>
      ) : (
        <>
          <label className="addr-field">
            <span>{t('address.region')}</span>
            <input
              value={draft.region}
              maxLength={100}
              autoComplete="address-level1"
              onChange={(e) => set({ region: e.target.value })}
            />
          </label>
          <label className="addr-field">
            <span>{t('address.postalCode')}</span>
            <input
              value={draft.postalCode}
              maxLength={16}
              autoComplete="postal-code"
              onChange={(e) => set({ postalCode: e.target.value })}
            />
          </label>
        </>
      )}
      <label className="addr-field">
        <span>{t('address.detail')}</span>
        <textarea
          value={draft.detail}
          rows={3}
          maxLength={ADDRESS_DETAIL_MAX}
          autoComplete="street-address"
          placeholder={t('address.detailPlaceholder')}
          aria-invalid={Boolean(errors.detail)}
          aria-describedby={described('detail')}
          onChange={(e) => set({ detail: e.target.value })}
        />
      </label>
      <FieldError id="addr-err-detail" text={err('detail')} />
      <label className="addr-check">
        <input
          type="checkbox"
          checked={draft.isDefault}
          onChange={(e) => set({ isDefault: e.target.checked })}
        />
        {t('address.makeDefault')}
      </label>
      <button type="submit" className="addr-save" disabled={saving}>
        {t('address.save')}
      </button>
    </form>
  );
}
