import type { Locale } from './constants';

/**
 * One glossary per language, shared by the shop and the console (issue 27): the words both must use for the
 * same thing, so a buyer and an operator read the same name. Locale tests in apps/web and apps/admin check
 * their tables against it: the pay way names, and none of `avoid` (another wording of a glossary term).
 */
export type GlossaryTerms = {
  /** The loyalty points. */
  points: string;
  /** A support answer (the console's and the shop's chat). */
  reply: string;
  /** The `transfer` pay way: one name everywhere. */
  bankTransfer: string;
  /** Data units as the language writes them (French: Go, Mo). */
  gb: string;
  mb: string;
};

export const GLOSSARY: Record<Locale, GlossaryTerms & { avoid: readonly string[] }> = {
  en: { points: 'Points', reply: 'Reply', bankTransfer: 'Bank transfer', gb: 'GB', mb: 'MB', avoid: [] },
  'zh-Hans': {
    points: '积分',
    reply: '回复',
    bankTransfer: '银行转账',
    gb: 'GB',
    mb: 'MB',
    avoid: ['點數', '回覆', '对公转账'],
  },
  'zh-Hant': {
    points: '點數',
    reply: '回覆',
    bankTransfer: '銀行轉帳',
    gb: 'GB',
    mb: 'MB',
    avoid: ['積分', '回復', '积分', '對公轉帳'],
  },
  es: {
    points: 'Puntos',
    reply: 'Respuesta',
    bankTransfer: 'Transferencia bancaria',
    gb: 'GB',
    mb: 'MB',
    avoid: [],
  },
  fr: {
    points: 'Points',
    reply: 'Réponse',
    bankTransfer: 'Virement bancaire',
    gb: 'Go',
    mb: 'Mo',
    avoid: [' GB', ' MB'],
  },
};

/** The glossary of a UI language (its base language when only that is known; English otherwise). */
export function glossaryOf(lang: string): GlossaryTerms {
  const exact = (GLOSSARY as Record<string, GlossaryTerms>)[lang];
  if (exact) return exact;
  if (/^zh-(TW|HK|MO|Hant)/i.test(lang)) return GLOSSARY['zh-Hant'];
  if (/^zh/i.test(lang)) return GLOSSARY['zh-Hans'];
  return (GLOSSARY as Record<string, GlossaryTerms>)[lang.split('-')[0] ?? ''] ?? GLOSSARY.en;
}
