import type { Locale } from '@simshop/contracts';

type EsimMailTexts = {
  subject: string;
  intro: string;
  scan: string;
  iphone: string;
  manual: string;
  keep: string;
};

/** The eSIM delivery e-mail, in the buyer's language. `{plan}` is filled in. */
const texts: Record<Locale, EsimMailTexts> = {
  en: {
    subject: 'Your eSIM is ready: {plan}',
    intro: 'Your eSIM "{plan}" is ready to install.',
    scan: 'On another screen, scan the QR code below from Settings > Mobile service > Add eSIM.',
    iphone: 'On an iPhone (iOS 17.4 or later), tap this link to install it directly:',
    manual: 'Or enter the activation code by hand:',
    keep: 'This code installs the eSIM once: keep this e-mail to yourself.',
  },
  'zh-Hans': {
    subject: '您的 eSIM 已就绪：{plan}',
    intro: '您的 eSIM「{plan}」已可安装。',
    scan: '请在另一块屏幕上显示本邮件，在「设置 > 蜂窝网络 > 添加 eSIM」中扫描下方二维码。',
    iphone: 'iPhone（iOS 17.4 及以上）可直接点按此链接安装：',
    manual: '或手动输入激活码：',
    keep: '此激活码只能安装一次，请勿转发本邮件。',
  },
  'zh-Hant': {
    subject: '您的 eSIM 已備妥：{plan}',
    intro: '您的 eSIM「{plan}」已可安裝。',
    scan: '請在另一個螢幕上顯示本郵件，於「設定 > 行動服務 > 加入 eSIM」掃描下方 QR 碼。',
    iphone: 'iPhone（iOS 17.4 以上）可直接點按此連結安裝：',
    manual: '或手動輸入啟用碼：',
    keep: '此啟用碼只能安裝一次，請勿轉寄本郵件。',
  },
  es: {
    subject: 'Tu eSIM está lista: {plan}',
    intro: 'Tu eSIM «{plan}» está lista para instalar.',
    scan: 'En otra pantalla, escanea el código QR de abajo desde Ajustes > Datos móviles > Añadir eSIM.',
    iphone: 'En un iPhone (iOS 17.4 o posterior), toca este enlace para instalarla directamente:',
    manual: 'O introduce el código de activación a mano:',
    keep: 'Este código instala la eSIM una sola vez: no reenvíes este correo.',
  },
  fr: {
    subject: 'Votre eSIM est prête : {plan}',
    intro: 'Votre eSIM « {plan} » est prête à installer.',
    scan: 'Sur un autre écran, scannez le code QR ci-dessous depuis Réglages > Données cellulaires > Ajouter une eSIM.',
    iphone: 'Sur un iPhone (iOS 17.4 ou ultérieur), touchez ce lien pour l’installer directement :',
    manual: 'Ou saisissez le code d’activation à la main :',
    keep: 'Ce code installe l’eSIM une seule fois : ne transférez pas cet e-mail.',
  },
};

export function esimMailTexts(locale: Locale, plan: string): EsimMailTexts {
  const t = texts[locale] ?? texts.en;
  return { ...t, subject: t.subject.replace('{plan}', plan), intro: t.intro.replace('{plan}', plan) };
}
