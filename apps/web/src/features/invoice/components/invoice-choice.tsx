import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_CHOICE_KINDS, invoiceChoice, type InvoiceChoice } from '@simshop/contracts';
import { rememberedChoiceQuery } from '../api/invoice.api';
import './invoice.css';

type Kind = (typeof INVOICE_CHOICE_KINDS)[number];
type Draft = { kind: Kind; code: string; loveCode: string; ubn: string; title: string };

/** What checkout asks of the section when the buyer submits: the checked choice, or false (shown wrong). */
export type InvoiceChoiceHandle = { check: () => InvoiceChoice | false };

const draftOf = (c: InvoiceChoice | null | undefined): Draft => ({
  kind: c?.kind ?? 'member',
  code: c && (c.kind === 'mobile' || c.kind === 'certificate') ? c.code : '',
  loveCode: c?.kind === 'donation' ? c.loveCode : '',
  ubn: c?.kind === 'company' ? c.ubn : '',
  title: c?.kind === 'company' ? c.title : '',
});

const choiceOf = (d: Draft): unknown => {
  switch (d.kind) {
    case 'mobile':
    case 'certificate':
      return { kind: d.kind, code: d.code };
    case 'donation':
      return { kind: d.kind, loveCode: d.loveCode };
    case 'company':
      return { kind: d.kind, ubn: d.ubn, title: d.title };
    default:
      return { kind: 'member' };
  }
};

/**
 * Checkout's e-invoice choice (issue 28): the shop's member carrier, a mobile barcode, a citizen
 * certificate, a donation by love code, or a company invoice (UBN and title). Starts from the buyer's
 * remembered choice; checked with the shop's own rules (the server checks them again) when the buyer
 * submits, the wrong field said in the buyer's language.
 */
export function InvoiceChoiceSection({ ref }: { ref?: Ref<InvoiceChoiceHandle> }) {
  const { t } = useTranslation('invoice');
  const remembered = useQuery(rememberedChoiceQuery());
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<{ field: string; rule: string } | null>(null);

  useEffect(() => {
    if (!touched && remembered.data?.choice) setDraft(draftOf(remembered.data.choice));
  }, [remembered.data, touched]);

  useImperativeHandle(
    ref,
    () => ({
      check: () => {
        const r = invoiceChoice.safeParse(choiceOf(draft));
        if (r.success) {
          setError(null);
          return r.data;
        }
        const issue = r.error.issues[0];
        const rule =
          issue && 'params' in issue && issue.params?.rule ? String(issue.params.rule) : 'required';
        setError({ field: String(issue?.path.at(-1) ?? 'code'), rule });
        return false;
      },
    }),
    [draft],
  );

  const set = (patch: Partial<Draft>) => {
    setTouched(true);
    setError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const field = (
    name: 'code' | 'loveCode' | 'ubn' | 'title',
    label: string,
    extra: Record<string, string> = {},
  ) => (
    <label className="inv-field">
      <span>{label}</span>
      <input
        name={`invoice-${name}`}
        value={draft[name]}
        autoComplete="off"
        aria-invalid={error?.field === name}
        aria-describedby={error?.field === name ? 'inv-error' : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
        {...extra}
      />
    </label>
  );

  return (
    <section className="ord-card inv-choice" aria-labelledby="inv-choice-title">
      <h2 id="inv-choice-title">{t('choice.title')}</h2>
      <div className="inv-kinds" role="group" aria-label={t('choice.title')}>
        {INVOICE_CHOICE_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className="ord-chip"
            aria-pressed={draft.kind === k}
            onClick={() => set({ kind: k })}
          >
            {t(`kinds.${k}`)}
          </button>
        ))}
      </div>
      {draft.kind === 'member' ? <p className="inv-hint">{t('choice.memberHint')}</p> : null}
      {draft.kind === 'mobile'
        ? field('code', t('choice.mobile'), { placeholder: '/ABC1234', maxLength: '8' })
        : null}
      {draft.kind === 'certificate'
        ? field('code', t('choice.certificate'), { placeholder: 'AB12345678901234', maxLength: '16' })
        : null}
      {draft.kind === 'donation'
        ? field('loveCode', t('choice.loveCode'), { inputMode: 'numeric', maxLength: '7' })
        : null}
      {draft.kind === 'company' ? (
        <>
          {field('ubn', t('choice.ubn'), { inputMode: 'numeric', maxLength: '8' })}
          {field('title', t('choice.companyTitle'), { maxLength: '60' })}
        </>
      ) : null}
      {error ? (
        <p id="inv-error" className="ord-error" role="alert">
          {t(`rules.${error.rule}`, { defaultValue: t('rules.required') })}
        </p>
      ) : null}
    </section>
  );
}
