import type { Locale } from '@simshop/contracts';

/** Messages of Taiwan e-invoices (issue 28), merged into each locale's catalogue by messages.ts. */
export const einvoiceMessages: Record<Locale, Record<string, string>> = {
  en: {
    INVOICE_TRACK_EXHAUSTED: 'No invoice numbers are left for {period}: load a new number track',
    INVOICE_TRACK_INVALID:
      'A number track needs 2 capital letters and a range of whole blocks of 50 numbers (start ending in 00 or 50)',
    INVOICE_TRACK_OVERLAP: 'This range overlaps the number track {track}',
    INVOICE_NUMBER_UNREGISTERED:
      'ezPay numbered this invoice {number}, which is in no number track loaded here: load the track registered on ezPay',
    INVOICE_NUMBER_REUSED: 'ezPay answered with {number}, a number another invoice already holds: ask ezPay',
    INVOICE_SELLER_UBN_MISSING: "The seller's unified business number is not configured (INVOICE_SELLER_UBN)",
    INVOICE_BLANK_NOT_READY: 'No blank numbers to file for {period}: the period has not ended or left none',
    INVOICE_TRACK_NOT_FOUND: 'Number track not found',
    INVOICE_TRACK_REGISTRATION_OFF:
      "Tracks are not registered with ezPay from here (EZPAY_MEMBER_* is not configured): register this track on ezPay's site by hand",
    INVOICE_TRACK_UNREGISTERED:
      'The number tracks of {period} are not registered with ezPay yet: register them (Number tracks, Register again)',
    'track.unreachable': 'ezPay could not be reached ({detail}): tried again by itself, or register again',
    INVOICE_NOT_FOUND: 'Invoice not found',
    INVOICE_STATE_INVALID: 'This invoice cannot do that in its current state',
    INVOICE_PROVIDER_UNAVAILABLE: 'The e-invoice service cannot be reached now; it will be tried again',
    'rule.mobileBarcode': 'must be "/" followed by 7 characters (0-9, A-Z, . + -)',
    'rule.citizenCertificate': 'must be 2 capital letters followed by 14 digits',
    'rule.loveCode': 'must be 3 to 7 digits',
    'rule.ubn': 'is not a valid unified business number',
    'field.invoice': 'Invoice',
    'field.loveCode': 'Love code',
    'field.period': 'Invoice period',
    'field.documentKind': 'Document kind',
    'field.documentState': 'Document state',
    'field.orderNo': 'Order number',
  },
  'zh-Hans': {
    INVOICE_TRACK_EXHAUSTED: '{period} 的发票号码已用完：请载入新的字轨',
    INVOICE_TRACK_INVALID: '字轨须为 2 个大写字母，号码区间须为 50 个一组（起号以 00 或 50 结尾）',
    INVOICE_TRACK_OVERLAP: '此区间与字轨 {track} 重叠',
    INVOICE_NUMBER_UNREGISTERED:
      'ezPay 给此发票的号码 {number} 不在此处载入的任何字轨中：请载入在 ezPay 登录的字轨',
    INVOICE_NUMBER_REUSED: 'ezPay 回复的号码 {number} 已由另一张发票使用：请向 ezPay 查询',
    INVOICE_SELLER_UBN_MISSING: '尚未设定卖方统一编号（INVOICE_SELLER_UBN）',
    INVOICE_BLANK_NOT_READY: '{period} 没有可申报的空白号码：该期尚未结束或没有空白号码',
    INVOICE_TRACK_NOT_FOUND: '找不到字轨',
    INVOICE_TRACK_REGISTRATION_OFF:
      '此处未设定 ezPay 会员金钥（EZPAY_MEMBER_*），不会向 ezPay 登录字轨：请到 ezPay 网站手动登录此字轨',
    INVOICE_TRACK_UNREGISTERED: '{period} 的字轨尚未在 ezPay 登录：请登录（字轨，重新登录）',
    'track.unreachable': '无法连接 ezPay（{detail}）：会自动重试，也可重新登录',
    INVOICE_NOT_FOUND: '找不到发票',
    INVOICE_STATE_INVALID: '发票当前的状态不允许此操作',
    INVOICE_PROVIDER_UNAVAILABLE: '暂时无法连接电子发票服务，稍后会重试',
    'rule.mobileBarcode': '须为「/」加 7 个字符（0-9、A-Z、. + -）',
    'rule.citizenCertificate': '须为 2 个大写字母加 14 位数字',
    'rule.loveCode': '须为 3 到 7 位数字',
    'rule.ubn': '不是有效的统一编号',
    'field.invoice': '发票',
    'field.loveCode': '爱心码',
    'field.period': '发票期别',
    'field.documentKind': '单据类别',
    'field.documentState': '单据状态',
    'field.orderNo': '订单编号',
  },
  'zh-Hant': {
    INVOICE_TRACK_EXHAUSTED: '{period} 的發票號碼已用完：請載入新的字軌',
    INVOICE_TRACK_INVALID: '字軌須為 2 個大寫字母，號碼區間須為 50 個一組（起號以 00 或 50 結尾）',
    INVOICE_TRACK_OVERLAP: '此區間與字軌 {track} 重疊',
    INVOICE_NUMBER_UNREGISTERED:
      'ezPay 給此發票的號碼 {number} 不在此處載入的任何字軌中：請載入在 ezPay 登錄的字軌',
    INVOICE_NUMBER_REUSED: 'ezPay 回覆的號碼 {number} 已由另一張發票使用：請向 ezPay 查詢',
    INVOICE_SELLER_UBN_MISSING: '尚未設定賣方統一編號（INVOICE_SELLER_UBN）',
    INVOICE_BLANK_NOT_READY: '{period} 沒有可申報的空白號碼：該期尚未結束或沒有空白號碼',
    INVOICE_TRACK_NOT_FOUND: '找不到字軌',
    INVOICE_TRACK_REGISTRATION_OFF:
      '此處未設定 ezPay 會員金鑰（EZPAY_MEMBER_*），不會向 ezPay 登錄字軌：請到 ezPay 網站手動登錄此字軌',
    INVOICE_TRACK_UNREGISTERED: '{period} 的字軌尚未在 ezPay 登錄：請登錄（字軌，重新登錄）',
    'track.unreachable': '無法連線 ezPay（{detail}）：會自動重試，也可重新登錄',
    INVOICE_NOT_FOUND: '找不到發票',
    INVOICE_STATE_INVALID: '發票目前的狀態不允許此操作',
    INVOICE_PROVIDER_UNAVAILABLE: '暫時無法連線電子發票服務，稍後會重試',
    'rule.mobileBarcode': '須為「/」加 7 個字元（0-9、A-Z、. + -）',
    'rule.citizenCertificate': '須為 2 個大寫英文字母加 14 位數字',
    'rule.loveCode': '須為 3 到 7 位數字',
    'rule.ubn': '不是有效的統一編號',
    'field.invoice': '發票',
    'field.loveCode': '愛心碼',
    'field.period': '發票期別',
    'field.documentKind': '單據類別',
    'field.documentState': '單據狀態',
    'field.orderNo': '訂單編號',
  },
  es: {
    INVOICE_TRACK_EXHAUSTED: 'No quedan números de factura para {period}: cargue una nueva serie',
    INVOICE_TRACK_INVALID:
      'Una serie necesita 2 letras mayúsculas y un rango de bloques completos de 50 números (inicio en 00 o 50)',
    INVOICE_TRACK_OVERLAP: 'Este rango se solapa con la serie {track}',
    INVOICE_NUMBER_UNREGISTERED:
      'ezPay numeró esta factura {number}, que no está en ninguna serie cargada aquí: cargue la serie registrada en ezPay',
    INVOICE_NUMBER_REUSED:
      'ezPay respondió con {number}, un número que ya tiene otra factura: consulte a ezPay',
    INVOICE_SELLER_UBN_MISSING: 'No se ha configurado el número de empresa del vendedor (INVOICE_SELLER_UBN)',
    INVOICE_BLANK_NOT_READY:
      'No hay números en blanco que declarar para {period}: el periodo no ha terminado o no dejó ninguno',
    INVOICE_TRACK_NOT_FOUND: 'Serie de números no encontrada',
    INVOICE_TRACK_REGISTRATION_OFF:
      'Desde aquí no se registran series en ezPay (EZPAY_MEMBER_* no está configurado): registre esta serie a mano en el sitio de ezPay',
    INVOICE_TRACK_UNREGISTERED:
      'Las series de {period} aún no están registradas en ezPay: regístrelas (Series de números, Registrar de nuevo)',
    'track.unreachable': 'No se pudo contactar con ezPay ({detail}): se reintenta solo, o registre de nuevo',
    INVOICE_NOT_FOUND: 'Factura no encontrada',
    INVOICE_STATE_INVALID: 'La factura no permite esta acción en su estado actual',
    INVOICE_PROVIDER_UNAVAILABLE: 'El servicio de facturas electrónicas no responde; se volverá a intentar',
    'rule.mobileBarcode': 'debe ser "/" seguido de 7 caracteres (0-9, A-Z, . + -)',
    'rule.citizenCertificate': 'debe ser 2 letras mayúsculas seguidas de 14 dígitos',
    'rule.loveCode': 'debe tener de 3 a 7 dígitos',
    'rule.ubn': 'no es un número de identificación empresarial válido',
    'field.invoice': 'Factura',
    'field.loveCode': 'Código de donación',
    'field.period': 'Periodo de facturación',
    'field.documentKind': 'Clase de documento',
    'field.documentState': 'Estado del documento',
    'field.orderNo': 'Número de pedido',
  },
  fr: {
    INVOICE_TRACK_EXHAUSTED: 'Plus aucun numéro de facture pour {period} : chargez une nouvelle série',
    INVOICE_TRACK_INVALID:
      'Une série demande 2 majuscules et une plage de blocs entiers de 50 numéros (début en 00 ou 50)',
    INVOICE_TRACK_OVERLAP: 'Cette plage chevauche la série {track}',
    INVOICE_NUMBER_UNREGISTERED:
      'ezPay a numéroté cette facture {number}, hors de toute série chargée ici : chargez la série enregistrée chez ezPay',
    INVOICE_NUMBER_REUSED:
      "ezPay a répondu {number}, un numéro qu'une autre facture porte déjà : interrogez ezPay",
    INVOICE_SELLER_UBN_MISSING: "Le numéro d'entreprise du vendeur n'est pas configuré (INVOICE_SELLER_UBN)",
    INVOICE_BLANK_NOT_READY:
      "Aucun numéro vierge à déclarer pour {period} : la période n'est pas finie ou n'en a laissé aucun",
    INVOICE_TRACK_NOT_FOUND: 'Série de numéros introuvable',
    INVOICE_TRACK_REGISTRATION_OFF:
      "Les séries ne sont pas enregistrées auprès d'ezPay d'ici (EZPAY_MEMBER_* n'est pas configuré) : enregistrez cette série à la main sur le site d'ezPay",
    INVOICE_TRACK_UNREGISTERED:
      "Les séries de {period} ne sont pas encore enregistrées auprès d'ezPay : enregistrez-les (Séries de numéros, Enregistrer à nouveau)",
    'track.unreachable':
      'ezPay est injoignable ({detail}) : nouvel essai automatique, ou enregistrez à nouveau',
    INVOICE_NOT_FOUND: 'Facture introuvable',
    INVOICE_STATE_INVALID: 'La facture ne permet pas cette action dans son état actuel',
    INVOICE_PROVIDER_UNAVAILABLE:
      'Le service de factures électroniques est injoignable ; nouvel essai plus tard',
    'rule.mobileBarcode': 'doit être « / » suivi de 7 caractères (0-9, A-Z, . + -)',
    'rule.citizenCertificate': 'doit être 2 majuscules suivies de 14 chiffres',
    'rule.loveCode': 'doit compter de 3 à 7 chiffres',
    'rule.ubn': "n'est pas un numéro d'entreprise valide",
    'field.invoice': 'Facture',
    'field.loveCode': 'Code de don',
    'field.period': 'Période de facturation',
    'field.documentKind': 'Nature du document',
    'field.documentState': 'État du document',
    'field.orderNo': 'Numéro de commande',
  },
};
