import type { Locale } from '@simshop/contracts';

// The console's e-invoice texts (issue 28), merged into each language by lib/i18n.ts. One entry per text
// with its five languages side by side (a text cannot be added in one language and forgotten in another);
// `inLanguage` turns the table into the nested texts of one language.

type Row = Readonly<Record<Locale, string>>;
type Tree = { readonly [key: string]: Row | Tree };
type In<T> = { -readonly [K in keyof T]: T[K] extends Row ? string : In<T[K]> };

const isRow = (v: Row | Tree): v is Row => typeof v.en === 'string';

/** One language's texts of a table whose leaves hold every language. */
function inLanguage<T extends Tree>(tree: T, lang: Locale): In<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tree)) out[k] = isRow(v) ? v[lang] : inLanguage(v, lang);
  // built key by key from the table's own keys: no parse or narrowing can type it, so it is asserted once
  return out as In<T>;
}

const TEXTS = {
  menu: {
    'invoice/info': {
      en: 'E-invoices',
      'zh-Hans': '电子发票',
      'zh-Hant': '電子發票',
      es: 'Facturas electrónicas',
      fr: 'Factures électroniques',
    },
  },
  invoices: {
    problems: {
      en: 'Invoices to look at',
      'zh-Hans': '待处理发票',
      'zh-Hant': '待處理發票',
      es: 'Facturas por revisar',
      fr: 'Factures à examiner',
    },
    noProblems: {
      en: 'Every invoice is issued on time',
      'zh-Hans': '所有发票均已按时开立',
      'zh-Hant': '所有發票皆已準時開立',
      es: 'Todas las facturas se emitieron a tiempo',
      fr: 'Toutes les factures sont émises à temps',
    },
    kind: {
      en: 'Kind',
      'zh-Hans': '类别',
      'zh-Hant': '類別',
      es: 'Clase',
      fr: 'Nature',
    },
    kinds: {
      invoice: {
        en: 'Invoice',
        'zh-Hans': '发票',
        'zh-Hant': '發票',
        es: 'Factura',
        fr: 'Facture',
      },
      allowance: {
        en: 'Allowance',
        'zh-Hans': '折让',
        'zh-Hant': '折讓',
        es: 'Bonificación',
        fr: 'Avoir',
      },
      void: {
        en: 'Void',
        'zh-Hans': '作废',
        'zh-Hant': '作廢',
        es: 'Anulación',
        fr: 'Annulation',
      },
      return: {
        en: 'Void / allowance',
        'zh-Hans': '作废／折让',
        'zh-Hant': '作廢／折讓',
        es: 'Anulación / bonificación',
        fr: 'Annulation / avoir',
      },
    },
    category: {
      en: 'Type',
      'zh-Hans': '类型',
      'zh-Hant': '類型',
      es: 'Tipo',
      fr: 'Type',
    },
    state: {
      en: 'State',
      'zh-Hans': '状态',
      'zh-Hant': '狀態',
      es: 'Estado',
      fr: 'État',
    },
    states: {
      issued: {
        en: 'Issued',
        'zh-Hans': '已开立',
        'zh-Hant': '已開立',
        es: 'Emitida',
        fr: 'Émise',
      },
      voided: {
        en: 'Voided',
        'zh-Hans': '已作废',
        'zh-Hant': '已作廢',
        es: 'Anulada',
        fr: 'Annulée',
      },
      done: {
        en: 'Done',
        'zh-Hans': '已完成',
        'zh-Hant': '已完成',
        es: 'Hecha',
        fr: 'Faite',
      },
      pending: {
        en: 'Waiting',
        'zh-Hans': '等待中',
        'zh-Hant': '等待中',
        es: 'En espera',
        fr: 'En attente',
      },
      failed: {
        en: 'Failed',
        'zh-Hans': '失败',
        'zh-Hant': '失敗',
        es: 'Fallida',
        fr: 'Échouée',
      },
      rejected: {
        en: 'Rejected',
        'zh-Hans': '被退回',
        'zh-Hant': '被退回',
        es: 'Rechazada',
        fr: 'Refusée',
      },
    },
    documents: {
      en: 'Invoices, allowances and voids',
      'zh-Hans': '发票、折让与作废',
      'zh-Hant': '發票、折讓與作廢',
      es: 'Facturas, bonificaciones y anulaciones',
      fr: 'Factures, avoirs et annulations',
    },
    noDocuments: {
      en: 'No invoice matches',
      'zh-Hans': '没有符合的发票',
      'zh-Hant': '沒有符合的發票',
      es: 'Ninguna factura coincide',
      fr: 'Aucune facture ne correspond',
    },
    upload: {
      en: 'Upload',
      'zh-Hans': '上传',
      'zh-Hant': '上傳',
      es: 'Envío',
      fr: 'Envoi',
    },
    uploads: {
      waiting: {
        en: 'Waiting',
        'zh-Hans': '等待上传',
        'zh-Hant': '等待上傳',
        es: 'En espera',
        fr: 'En attente',
      },
      retrying: {
        en: 'Retrying',
        'zh-Hans': '重试中',
        'zh-Hant': '重試中',
        es: 'Reintentando',
        fr: 'Nouvel essai en cours',
      },
      uploaded: {
        en: 'Uploaded',
        'zh-Hans': '已上传',
        'zh-Hant': '已上傳',
        es: 'Enviada',
        fr: 'Envoyée',
      },
      failed: {
        en: 'Upload failed',
        'zh-Hans': '上传失败',
        'zh-Hant': '上傳失敗',
        es: 'Envío fallido',
        fr: 'Envoi échoué',
      },
      rejected: {
        en: 'Refused by the service',
        'zh-Hans': '服务商退回',
        'zh-Hant': '服務商退回',
        es: 'Rechazada por el servicio',
        fr: 'Refusée par le service',
      },
    },
    tax: {
      en: 'Tax',
      'zh-Hans': '税额',
      'zh-Hant': '稅額',
      es: 'Impuesto',
      fr: 'Taxe',
    },
    ofInvoice: {
      en: 'of invoice {{number}}',
      'zh-Hans': '发票 {{number}}',
      'zh-Hant': '發票 {{number}}',
      es: 'de la factura {{number}}',
      fr: 'de la facture {{number}}',
    },
    date: {
      en: 'Date',
      'zh-Hans': '日期',
      'zh-Hant': '日期',
      es: 'Fecha',
      fr: 'Date',
    },
    periodRule: {
      en: 'A period is written yyyymm with its first, odd month, e.g. 202611',
      'zh-Hans': '期别请写为 6 位数字：年份加该期的第一个（单数）月，例如 202611',
      'zh-Hant': '期別請寫為 6 位數字：年份加該期的第一個（單數）月，例如 202611',
      es: 'Un periodo se escribe aaaamm con su primer mes, impar, p. ej. 202611',
      fr: 'Une période s’écrit aaaamm avec son premier mois, impair, p. ex. 202611',
    },
    late: {
      en: 'Late',
      'zh-Hans': '逾期',
      'zh-Hant': '逾期',
      es: 'Atrasada',
      fr: 'En retard',
    },
    number: {
      en: 'Number',
      'zh-Hans': '号码',
      'zh-Hant': '號碼',
      es: 'Número',
      fr: 'Numéro',
    },
    amount: {
      en: 'Amount',
      'zh-Hans': '金额',
      'zh-Hant': '金額',
      es: 'Importe',
      fr: 'Montant',
    },
    deadline: {
      en: 'Upload deadline',
      'zh-Hans': '上传期限',
      'zh-Hant': '上傳期限',
      es: 'Plazo de envío',
      fr: "Date limite d'envoi",
    },
    lastError: {
      en: 'Last error',
      'zh-Hans': '最近错误',
      'zh-Hant': '最近錯誤',
      es: 'Último error',
      fr: 'Dernière erreur',
    },
    retry: {
      en: 'Retry',
      'zh-Hans': '重试',
      'zh-Hant': '重試',
      es: 'Reintentar',
      fr: 'Réessayer',
    },
    retried: {
      en: 'Sent again',
      'zh-Hans': '已重新送出',
      'zh-Hant': '已重新送出',
      es: 'Enviada de nuevo',
      fr: 'Renvoyée',
    },
    tracks: {
      en: 'Number tracks',
      'zh-Hans': '字轨',
      'zh-Hant': '字軌',
      es: 'Series de números',
      fr: 'Séries de numéros',
    },
    tracksExplain: {
      en: 'ezPay numbers each invoice from the tracks registered with it. Load here each track the tax office allotted, per two-month period: 2 letters, whole booklets of 50 (start ending in 00 or 50, end in 49 or 99); the shop registers it with ezPay as it is loaded. Every number ezPay answers is checked against these.',
      'zh-Hans':
        'ezPay 依在其登录的字轨为每张发票配号。请在此载入国税局配发的每组字轨（每两个月一期）：2 个字母，50 张一本（起号以 00 或 50 结尾，迄号以 49 或 99 结尾）；载入时系统即向 ezPay 登录。ezPay 回复的每个号码都会与这些字轨核对。',
      'zh-Hant':
        'ezPay 依在其登錄的字軌為每張發票配號。請在此載入國稅局配發的每組字軌（每兩個月一期）：2 個字母，50 張一本（起號以 00 或 50 結尾，迄號以 49 或 99 結尾）；載入時系統即向 ezPay 登錄。ezPay 回覆的每個號碼都會與這些字軌核對。',
      es: 'ezPay numera cada factura con las series registradas en él. Cargue aquí cada serie asignada por la oficina tributaria, por periodo de dos meses: 2 letras, talonarios completos de 50 (inicio en 00 o 50, fin en 49 o 99); la tienda la registra en ezPay al cargarla. Cada número que responde ezPay se comprueba con ellas.',
      fr: "ezPay numérote chaque facture à partir des séries enregistrées chez lui. Chargez ici chaque série attribuée par l'administration fiscale, par période de deux mois : 2 lettres, carnets entiers de 50 (début en 00 ou 50, fin en 49 ou 99) ; la boutique l'enregistre chez ezPay au chargement. Chaque numéro répondu par ezPay est vérifié avec elles.",
    },
    byHand: {
      en: "ezPay's member keys (EZPAY_MEMBER_*) are not configured here: register each track you load on ezPay's site by hand too, or ezPay will not number invoices from it.",
      'zh-Hans':
        '此处未设定 ezPay 会员金钥：在此载入的每组字轨也须到 ezPay 网站手动登录，否则 ezPay 不会以其配号。',
      'zh-Hant':
        '此處未設定 ezPay 會員金鑰：在此載入的每組字軌也須到 ezPay 網站手動登錄，否則 ezPay 不會以其配號。',
      es: 'Aquí no están configuradas las claves de miembro de ezPay (EZPAY_MEMBER_*): registre también a mano en el sitio de ezPay cada serie que cargue, o ezPay no numerará facturas con ella.',
      fr: "Les clés de membre ezPay (EZPAY_MEMBER_*) ne sont pas configurées ici : enregistrez aussi à la main sur le site d'ezPay chaque série chargée, sinon ezPay n'en numérotera aucune facture.",
    },
    registration: {
      en: 'At ezPay',
      'zh-Hans': 'ezPay 登录',
      'zh-Hant': 'ezPay 登錄',
      es: 'En ezPay',
      fr: 'Chez ezPay',
    },
    registrations: {
      manual: {
        en: 'By hand',
        'zh-Hans': '手动登录',
        'zh-Hant': '手動登錄',
        es: 'A mano',
        fr: 'À la main',
      },
      pending: {
        en: 'Registering',
        'zh-Hans': '登录中',
        'zh-Hant': '登錄中',
        es: 'Registrando',
        fr: 'En cours',
      },
      registered: {
        en: 'Registered',
        'zh-Hans': '已登录',
        'zh-Hant': '已登錄',
        es: 'Registrada',
        fr: 'Enregistrée',
      },
      failed: {
        en: 'Not registered',
        'zh-Hans': '未登录',
        'zh-Hant': '未登錄',
        es: 'No registrada',
        fr: 'Non enregistrée',
      },
    },
    providerStates: {
      enabled: {
        en: 'in use',
        'zh-Hans': '使用中',
        'zh-Hant': '使用中',
        es: 'en uso',
        fr: 'en service',
      },
      paused: {
        en: 'next in line',
        'zh-Hans': '待用',
        'zh-Hant': '待用',
        es: 'en espera',
        fr: 'en attente',
      },
      disabled: {
        en: 'disabled',
        'zh-Hans': '已停用',
        'zh-Hant': '已停用',
        es: 'desactivada',
        fr: 'désactivée',
      },
    },
    registerAgain: {
      en: 'Register again',
      'zh-Hans': '重新登录',
      'zh-Hant': '重新登錄',
      es: 'Registrar de nuevo',
      fr: 'Enregistrer à nouveau',
    },
    registerNow: {
      en: 'Register with ezPay',
      'zh-Hans': '向 ezPay 登录',
      'zh-Hant': '向 ezPay 登錄',
      es: 'Registrar en ezPay',
      fr: 'Enregistrer chez ezPay',
    },
    trackRegistered: {
      en: 'Track loaded and registered with ezPay',
      'zh-Hans': '字轨已载入并向 ezPay 登录',
      'zh-Hant': '字軌已載入並向 ezPay 登錄',
      es: 'Serie cargada y registrada en ezPay',
      fr: 'Série chargée et enregistrée chez ezPay',
    },
    trackNotRegistered: {
      en: 'Track loaded, but not registered with ezPay: {{reason}}',
      'zh-Hans': '字轨已载入，但未能向 ezPay 登录：{{reason}}',
      'zh-Hant': '字軌已載入，但未能向 ezPay 登錄：{{reason}}',
      es: 'Serie cargada, pero no registrada en ezPay: {{reason}}',
      fr: 'Série chargée, mais non enregistrée chez ezPay : {{reason}}',
    },
    recorded: { en: 'Issued', 'zh-Hans': '已开立', 'zh-Hant': '已開立', es: 'Emitidas', fr: 'Émises' },
    skipped: { en: 'Skipped', 'zh-Hans': '跳号', 'zh-Hant': '跳號', es: 'Saltados', fr: 'Sautés' },
    fileE0402: {
      en: 'Download E0402 (Turnkey)',
      'zh-Hans': '下载 E0402（Turnkey）',
      'zh-Hant': '下載 E0402（Turnkey）',
      es: 'Descargar E0402 (Turnkey)',
      fr: 'Télécharger E0402 (Turnkey)',
    },
    period: {
      en: 'Period',
      'zh-Hans': '期别',
      'zh-Hant': '期別',
      es: 'Periodo',
      fr: 'Période',
    },
    prefix: {
      en: 'Letters',
      'zh-Hans': '字轨',
      'zh-Hant': '字軌',
      es: 'Letras',
      fr: 'Lettres',
    },
    start: {
      en: 'First number',
      'zh-Hans': '起号',
      'zh-Hant': '起號',
      es: 'Primer número',
      fr: 'Premier numéro',
    },
    end: {
      en: 'Last number',
      'zh-Hans': '止号',
      'zh-Hant': '迄號',
      es: 'Último número',
      fr: 'Dernier numéro',
    },
    addTrack: {
      en: 'Load track',
      'zh-Hans': '载入字轨',
      'zh-Hant': '載入字軌',
      es: 'Cargar serie',
      fr: 'Charger la série',
    },
    trackAdded: {
      en: 'Track loaded',
      'zh-Hans': '字轨已载入',
      'zh-Hant': '字軌已載入',
      es: 'Serie cargada',
      fr: 'Série chargée',
    },
    range: {
      en: 'Numbers',
      'zh-Hans': '号码区间',
      'zh-Hant': '號碼區間',
      es: 'Números',
      fr: 'Numéros',
    },
    left: {
      en: 'Left',
      'zh-Hans': '剩余',
      'zh-Hant': '剩餘',
      es: 'Quedan',
      fr: 'Restants',
    },
    blanks: {
      en: 'Blank numbers of ended periods (to file)',
      'zh-Hans': '已结束期别的空白号码（待申报）',
      'zh-Hant': '已結束期別的空白號碼（待申報）',
      es: 'Números en blanco de periodos cerrados (a declarar)',
      fr: 'Numéros vierges des périodes closes (à déclarer)',
    },
    noBlanks: {
      en: 'None',
      'zh-Hans': '无',
      'zh-Hant': '無',
      es: 'Ninguno',
      fr: 'Aucun',
    },
    draw: {
      en: 'Winning-invoice check',
      'zh-Hans': '中奖发票对奖',
      'zh-Hant': '中獎發票對獎',
      es: 'Comprobación de facturas premiadas',
      fr: 'Vérification des factures gagnantes',
    },
    drawExplain: {
      en: "After each draw (the 25th of odd months), enter the published numbers: the shop checks the period's invoices kept on its member carrier and tells each winner by SMS, once.",
      'zh-Hans':
        '每期开奖后（单月 25 日），输入公布号码：系统比对本期存于会员载具的发票，并以短信通知每位中奖人（仅一次）。',
      'zh-Hant':
        '每期開獎後（單月 25 日），輸入公告號碼：系統比對本期存於會員載具的發票，並以簡訊通知每位中獎人（僅一次）。',
      es: 'Tras cada sorteo (el 25 de los meses impares), introduzca los números publicados: la tienda revisa las facturas del periodo guardadas en su portador de socio y avisa a cada ganador por SMS, una sola vez.',
      fr: 'Après chaque tirage (le 25 des mois impairs), saisissez les numéros publiés : la boutique vérifie les factures de la période gardées sur son support membre et prévient chaque gagnant par SMS, une seule fois.',
    },
    special: {
      en: 'Special prize',
      'zh-Hans': '特别奖',
      'zh-Hant': '特別獎',
      es: 'Premio especial',
      fr: 'Prix spécial',
    },
    grand: {
      en: 'Grand prize',
      'zh-Hans': '特奖',
      'zh-Hant': '特獎',
      es: 'Gran premio',
      fr: 'Grand prix',
    },
    first: {
      en: 'First prizes',
      'zh-Hans': '头奖',
      'zh-Hant': '頭獎',
      es: 'Primeros premios',
      fr: 'Premiers prix',
    },
    extraSixth: {
      en: 'Extra sixth prizes',
      'zh-Hans': '增开六奖',
      'zh-Hant': '增開六獎',
      es: 'Sextos premios adicionales',
      fr: 'Sixièmes prix supplémentaires',
    },
    check: {
      en: 'Check',
      'zh-Hans': '对奖',
      'zh-Hant': '對獎',
      es: 'Comprobar',
      fr: 'Vérifier',
    },
    checked: {
      en: '{{count}} invoices checked',
      'zh-Hans': '已比对 {{count}} 张发票',
      'zh-Hant': '已比對 {{count}} 張發票',
      es: '{{count}} facturas revisadas',
      fr: '{{count}} factures vérifiées',
    },
    noWinners: {
      en: 'No winners',
      'zh-Hans': '无中奖发票',
      'zh-Hant': '無中獎發票',
      es: 'Sin premios',
      fr: 'Aucun gagnant',
    },
    notified: {
      en: 'Told',
      'zh-Hans': '已通知',
      'zh-Hant': '已通知',
      es: 'Avisado',
      fr: 'Prévenu',
    },
  },
} as const satisfies Tree;

type Texts = In<typeof TEXTS>;
export const invoiceTexts: Record<Locale, Texts> = {
  en: inLanguage(TEXTS, 'en'),
  'zh-Hans': inLanguage(TEXTS, 'zh-Hans'),
  'zh-Hant': inLanguage(TEXTS, 'zh-Hant'),
  es: inLanguage(TEXTS, 'es'),
  fr: inLanguage(TEXTS, 'fr'),
};
