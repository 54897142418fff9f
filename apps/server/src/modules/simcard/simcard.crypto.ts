import { decryptField, encryptField } from '../../platform/crypto';
import type { SimCardActivation } from '@simshop/contracts';

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
