import type { Config } from '../config';
import type { Db } from '../platform/db';

/** zh-Hans first (stored in `name`), then the other languages (stored in `name_i18n`). */
type Names = [zhHans: string, zhHant: string, en: string, es: string, fr: string];
type Item = { names: Names; value?: string; desc?: string; children?: Item[] };
type Dict = { key: string; names: Names; items: Item[] };

const i18n = ([, zhHant, en, es, fr]: Names) => JSON.stringify({ 'zh-Hant': zhHant, en, es, fr });

/** Dictionaries the shop's pages read: reasons, types, documents and the shipping regions tree. */
const DICTS: Dict[] = [
  {
    key: 'refundReason',
    names: ['退款原因', '退款原因', 'Refund reason', 'Motivo del reembolso', 'Motif du remboursement'],
    items: [
      {
        value: 'no_longer_needed',
        names: ['不想要了', '不想要了', 'No longer needed', 'Ya no lo necesito', "Je n'en ai plus besoin"],
      },
      {
        value: 'not_as_described',
        names: [
          '商品与描述不符',
          '商品與描述不符',
          'Item not as described',
          'El artículo no coincide con la descripción',
          'Article non conforme à la description',
        ],
      },
      {
        value: 'wrong_item',
        names: [
          '发错货',
          '寄錯商品',
          'Wrong item received',
          'Recibí un artículo equivocado',
          'Mauvais article reçu',
        ],
      },
      {
        value: 'not_received',
        names: ['未收到货', '未收到商品', 'Item not received', 'No recibí el artículo', 'Article non reçu'],
      },
      {
        value: 'quality',
        names: ['质量问题', '品質問題', 'Quality problem', 'Problema de calidad', 'Problème de qualité'],
      },
      {
        value: 'activation_failed',
        names: [
          '卡片无法激活',
          '卡片無法開通',
          'SIM card cannot be activated',
          'La tarjeta SIM no se puede activar',
          "La carte SIM ne s'active pas",
        ],
      },
      { value: 'other', names: ['其他', '其他', 'Other', 'Otro', 'Autre'] },
    ],
  },
  {
    key: 'orderCancelReason',
    names: [
      '取消订单原因',
      '取消訂單原因',
      'Reason for cancelling',
      'Motivo de cancelación',
      "Motif d'annulation",
    ],
    items: [
      {
        value: 'changed_mind',
        names: ['不想买了', '不想買了', 'Changed my mind', 'Cambié de opinión', "J'ai changé d'avis"],
      },
      {
        value: 'wrong_details',
        names: [
          '信息填写错误',
          '資料填寫錯誤',
          'Wrong order details',
          'Datos del pedido incorrectos',
          'Informations de commande erronées',
        ],
      },
      {
        value: 'duplicate',
        names: ['重复下单', '重複下單', 'Duplicate order', 'Pedido duplicado', 'Commande en double'],
      },
      {
        value: 'other_goods',
        names: [
          '想换其他商品',
          '想換其他商品',
          'I want a different item',
          'Quiero otro artículo',
          'Je veux un autre article',
        ],
      },
      {
        value: 'payment_problem',
        names: [
          '付款遇到问题',
          '付款遇到問題',
          'Problem with payment',
          'Problema con el pago',
          'Problème de paiement',
        ],
      },
      { value: 'other', names: ['其他', '其他', 'Other', 'Otro', 'Autre'] },
    ],
  },
  {
    key: 'complainType',
    names: ['投诉类型', '投訴類型', 'Complaint type', 'Tipo de queja', 'Type de réclamation'],
    items: [
      {
        value: '1',
        names: ['服务态度', '服務態度', 'Service attitude', 'Atención al cliente', 'Qualité du service'],
      },
      { value: '2', names: ['物流配送', '物流配送', 'Delivery', 'Envío', 'Livraison'] },
      {
        value: '3',
        names: ['商品质量', '商品品質', 'Product quality', 'Calidad del producto', 'Qualité du produit'],
      },
      {
        value: '4',
        names: ['网络信号', '網路訊號', 'Network and signal', 'Red y cobertura', 'Réseau et couverture'],
      },
      { value: '5', names: ['计费问题', '計費問題', 'Billing', 'Facturación', 'Facturation'] },
      { value: '6', names: ['其他', '其他', 'Other', 'Otro', 'Autre'] },
    ],
  },
  {
    key: 'feedbackType',
    names: ['反馈类型', '意見回饋類型', 'Feedback type', 'Tipo de comentario', 'Type de retour'],
    items: [
      {
        value: '1',
        names: [
          '功能建议',
          '功能建議',
          'Feature suggestion',
          'Sugerencia de función',
          'Suggestion de fonctionnalité',
        ],
      },
      { value: '2', names: ['程序错误', '程式錯誤', 'Bug report', 'Informe de error', 'Signalement de bug'] },
      {
        value: '3',
        names: [
          '界面体验',
          '介面體驗',
          'Interface and experience',
          'Interfaz y experiencia',
          'Interface et expérience',
        ],
      },
      { value: '4', names: ['其他', '其他', 'Other', 'Otro', 'Autre'] },
    ],
  },
  {
    key: 'idType',
    names: ['证件类型', '證件類型', 'ID type', 'Tipo de documento', "Type de pièce d'identité"],
    items: [
      {
        value: 'TW_ID',
        names: [
          '台湾身份证',
          '台灣身分證',
          'Taiwan ID card',
          'Documento de identidad de Taiwán',
          "Carte d'identité taïwanaise",
        ],
      },
      { value: 'PASSPORT', names: ['护照', '護照', 'Passport', 'Pasaporte', 'Passeport'] },
    ],
  },
  {
    key: 'region',
    names: ['地区', '地區', 'Region', 'Región', 'Région'],
    items: [
      {
        value: 'TW',
        names: ['台湾', '台灣', 'Taiwan', 'Taiwán', 'Taïwan'],
        children: [
          { value: 'TPE', names: ['台北市', '臺北市', 'Taipei City', 'Taipéi', 'Taipei'] },
          { value: 'NWT', names: ['新北市', '新北市', 'New Taipei City', 'Nuevo Taipéi', 'Nouveau Taipei'] },
          { value: 'TAO', names: ['桃园市', '桃園市', 'Taoyuan City', 'Taoyuan', 'Taoyuan'] },
          { value: 'TXG', names: ['台中市', '臺中市', 'Taichung City', 'Taichung', 'Taichung'] },
          { value: 'TNN', names: ['台南市', '臺南市', 'Tainan City', 'Tainan', 'Tainan'] },
          { value: 'KHH', names: ['高雄市', '高雄市', 'Kaohsiung City', 'Kaohsiung', 'Kaohsiung'] },
        ],
      },
    ],
  },
];

/** Parameters the app reads with `GET /param?key=`. */
const PARAMS = [
  { key: 'serviceHotline', name: 'Customer service hotline', data: '0800-000-123' },
  { key: 'serviceEmail', name: 'Customer service e-mail', data: 'support@simshop.example' },
  { key: 'serviceHours', name: 'Customer service hours', data: '09:00-21:00 (UTC+8)' },
  { key: 'agreementVersion', name: 'Version of the user agreement and privacy policy', data: '2025-01-01' },
];

async function insertItems(db: Db, typeId: number, items: Item[], parentId: number | null) {
  for (const [i, item] of items.entries()) {
    const row = await db
      .insertInto('dict_info')
      .values({
        type_id: typeId,
        name: item.names[0],
        name_i18n: i18n(item.names),
        value: item.value ?? null,
        description: item.desc ?? null,
        parent_id: parentId,
        order_num: i + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.children) await insertItems(db, typeId, item.children, row.id);
  }
}

/** Seeds the shop's dictionaries and parameters; each one only when it is not there yet. */
export async function seedDictionaries(db: Db, _config: Config) {
  const existing = new Set((await db.selectFrom('dict_type').select('key').execute()).map((r) => r.key));
  for (const dict of DICTS) {
    if (existing.has(dict.key)) continue;
    await db.transaction().execute(async (trx) => {
      const type = await trx
        .insertInto('dict_type')
        .values({ key: dict.key, name: dict.names[0], name_i18n: i18n(dict.names) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertItems(trx, type.id, dict.items, null);
    });
  }
  const params = new Set((await db.selectFrom('param').select('key').execute()).map((r) => r.key));
  const missing = PARAMS.filter((p) => !params.has(p.key));
  if (missing.length > 0) await db.insertInto('param').values(missing).execute();
}
