import type { Locale } from '@simshop/contracts';

type Role = 'buyer' | 'approver' | 'traveller';
type Texts = {
  roles: Record<Role, string>;
  subject: (company: string) => string;
  body: (f: { company: string; role: string; code: string; link: string; days: number }) => string;
};

/** The invitation a company member receives by SMS or e-mail, in the inviter's language. */
const TEXTS: Record<Locale, Texts> = {
  'zh-Hans': {
    roles: { buyer: '采购', approver: '审批人', traveller: '出行人' },
    subject: (c) => `${c} 邀请您加入 SimShop 企业空间`,
    body: (f) =>
      `${f.company} 邀请您以「${f.role}」身份加入 SimShop 企业空间。邀请码 ${f.code}，${f.days} 天内有效，仅可使用一次：${f.link}`,
  },
  'zh-Hant': {
    roles: { buyer: '採購', approver: '審批人', traveller: '出行人' },
    subject: (c) => `${c} 邀請您加入 SimShop 企業空間`,
    body: (f) =>
      `${f.company} 邀請您以「${f.role}」身分加入 SimShop 企業空間。邀請碼 ${f.code}，${f.days} 天內有效，僅可使用一次：${f.link}`,
  },
  en: {
    roles: { buyer: 'buyer', approver: 'approver', traveller: 'traveller' },
    subject: (c) => `${c} invites you to its SimShop company space`,
    body: (f) =>
      `${f.company} invites you to its SimShop company space as ${f.role}. Invitation code ${f.code}, valid for ${f.days} days, single use: ${f.link}`,
  },
  es: {
    roles: { buyer: 'comprador', approver: 'aprobador', traveller: 'viajero' },
    subject: (c) => `${c} te invita a su espacio de empresa en SimShop`,
    body: (f) =>
      `${f.company} te invita a su espacio de empresa en SimShop como ${f.role}. Código de invitación ${f.code}, válido ${f.days} días, de un solo uso: ${f.link}`,
  },
  fr: {
    roles: { buyer: 'acheteur', approver: 'approbateur', traveller: 'voyageur' },
    subject: (c) => `${c} vous invite dans son espace entreprise SimShop`,
    body: (f) =>
      `${f.company} vous invite dans son espace entreprise SimShop en tant que ${f.role}. Code d'invitation ${f.code}, valable ${f.days} jours, à usage unique : ${f.link}`,
  },
};

export const inviteTexts = (locale: Locale) => TEXTS[locale];
