import crypto from 'node:crypto';
import { SIM_BIND_CODE_ALPHABET, SIM_BIND_CODE_LENGTH, type SimCardActivation } from '@simshop/contracts';
import { decryptField, encryptField } from '../../platform/crypto';

/** What is stored encrypted per eSIM (platform/crypto, AES-256-GCM bound to the ICCID). */
export type ActivationSecret = Omit<SimCardActivation, 'appleInstallUrl'>;

const context = (iccid: string) => `sim_card.activation_enc:${iccid}`;

export const sealActivation = (secret: string, iccid: string, a: ActivationSecret) =>
  encryptField(secret, JSON.stringify(a), context(iccid));

export function openActivation(
  secret: string,
  iccid: string,
  stored: string | null,
): SimCardActivation | null {
  if (!stored) return null;
  const a = JSON.parse(decryptField(secret, stored, context(iccid))) as ActivationSecret;
  return {
    ...a,
    appleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(a.activationCode)}`,
  };
}

/** A fresh bind code to print with a physical card (SIM_BIND_CODE_LENGTH characters, unambiguous alphabet). */
export const newBindCode = () =>
  Array.from(
    { length: SIM_BIND_CODE_LENGTH },
    () => SIM_BIND_CODE_ALPHABET[crypto.randomInt(SIM_BIND_CODE_ALPHABET.length)],
  ).join('');

/** What is stored of a bind code: an HMAC bound to the card's ICCID (the code itself is never kept). */
export const bindCodeHash = (secret: string, iccid: string, code: string) =>
  crypto.createHmac('sha256', secret).update(`sim_card_issue.bind_code:${iccid}:${code}`).digest('hex');

/** Compares a typed bind code with the stored hash in constant time. */
export function bindCodeMatches(secret: string, iccid: string, code: string, storedHash: string) {
  const a = Buffer.from(bindCodeHash(secret, iccid, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
