// The eSIM compatibility check that knows where the phone was bought (issue 27). Plain functions, no zod: the web
// app's device check page uses them as they are, and the server may too.

/** Where a phone was bought, as the check asks: mainland China, Hong Kong, Macau, or anywhere else. */
export const PURCHASE_REGIONS = ['CN', 'HK', 'MO', 'other'] as const;
export type PurchaseRegion = (typeof PURCHASE_REGIONS)[number];

/**
 * iPhones sold in Hong Kong and Macau that do have eSIM (Apple, "About eSIM on iPhone"): the mini and SE models
 * and the iPhone XS (not the XS Max), which have one physical SIM slot there. eSIM-only iPhones (iPhone Air)
 * have eSIM wherever they are sold, mainland China included.
 */
const HK_MO_ESIM_IPHONES = [/^iphone 1[23] mini$/, /^iphone se \(20(20|22)\)$/, /^iphone xs$/];
const ESIM_ONLY_IPHONES = [/^iphone air\b/];

export type EsimVerdict =
  /** On the shop's list and not ruled out by where it was bought. */
  | { esim: true; reason: 'listed' }
  /** On the list, but the model sold there has two physical SIM slots and no eSIM: take a physical SIM. */
  | { esim: false; reason: 'region' }
  /** Not on the shop's list. */
  | { esim: false; reason: 'unlisted' };

/**
 * Whether a phone takes an eSIM: `listed` says the shop's device list has the model; the region rule then rules
 * out iPhones bought in mainland China, Hong Kong and Macau, except the models Apple documents.
 */
export function esimVerdict(
  brand: string,
  model: string,
  boughtIn: PurchaseRegion,
  listed: boolean,
): EsimVerdict {
  if (!listed) return { esim: false, reason: 'unlisted' };
  const m = model.trim().toLowerCase().replace(/\s+/g, ' ');
  const iphone = brand.trim().toLowerCase() === 'apple' && m.startsWith('iphone');
  if (!iphone || boughtIn === 'other' || ESIM_ONLY_IPHONES.some((r) => r.test(m)))
    return { esim: true, reason: 'listed' };
  if (boughtIn !== 'CN' && HK_MO_ESIM_IPHONES.some((r) => r.test(m))) return { esim: true, reason: 'listed' };
  return { esim: false, reason: 'region' };
}

/**
 * An eUICC's EID (GSMA SGP.29): 32 digits whose whole number modulo 97 is 1, the check digits being the last
 * two (the same check as an IBAN's, ISO 7064 MOD 97-10). Spaces are ignored.
 */
export function isValidEid(raw: string): boolean {
  const eid = raw.replace(/\s+/g, '');
  if (!/^\d{32}$/.test(eid)) return false;
  let rest = 0;
  for (const ch of eid) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}
