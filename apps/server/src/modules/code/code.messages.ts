import { SMS_CODE_TTL_MS, type Locale } from '@simshop/contracts';

const minutes = SMS_CODE_TTL_MS / 60_000;

type CodeTexts = { sms: string; emailSubject: string; emailBody: string };

/** What the recipient reads, in the language of the person who asked for the code. `{code}` is filled in. */
const texts: Record<Locale, CodeTexts> = {
  en: {
    sms: `[SimShop] Your verification code is {code}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
    emailSubject: 'SimShop verification code',
    emailBody: `Your SimShop verification code is {code}. It is valid for ${minutes} minutes.\nIf you did not ask for it, you can ignore this e-mail.`,
  },
  'zh-Hans': {
    sms: `【SimShop】您的验证码为 {code}，${minutes} 分钟内有效，请勿泄露给他人。`,
    emailSubject: 'SimShop 验证码',
    emailBody: `您的 SimShop 验证码为 {code}，${minutes} 分钟内有效。\n如非本人操作，请忽略此邮件。`,
  },
  'zh-Hant': {
    sms: `【SimShop】您的驗證碼為 {code}，${minutes} 分鐘內有效，請勿洩漏給他人。`,
    emailSubject: 'SimShop 驗證碼',
    emailBody: `您的 SimShop 驗證碼為 {code}，${minutes} 分鐘內有效。\n如非本人操作，請忽略此郵件。`,
  },
  es: {
    sms: `[SimShop] Tu código de verificación es {code}. Es válido durante ${minutes} minutos. No lo compartas con nadie.`,
    emailSubject: 'Código de verificación de SimShop',
    emailBody: `Tu código de verificación de SimShop es {code}. Es válido durante ${minutes} minutos.\nSi no lo solicitaste, ignora este correo.`,
  },
  fr: {
    sms: `[SimShop] Votre code de vérification est {code}. Il est valable ${minutes} minutes. Ne le communiquez à personne.`,
    emailSubject: 'Code de vérification SimShop',
    emailBody: `Votre code de vérification SimShop est {code}. Il est valable ${minutes} minutes.\nSi vous ne l'avez pas demandé, ignorez cet e-mail.`,
  },
};

export function codeTexts(locale: Locale, code: string): CodeTexts {
  const t = texts[locale] ?? texts.en;
  return {
    sms: t.sms.replace('{code}', code),
    emailSubject: t.emailSubject,
    emailBody: t.emailBody.replace('{code}', code),
  };
}
