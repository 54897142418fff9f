import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** Error correction M, as payment-protocols.md §6 asks for activation codes. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, type: 'svg' } as const;

/** The QR image (SVG markup as a data URL) of an activation code, drawn by the `qrcode` library. */
export async function activationQrSrc(code: string): Promise<string> {
  const svg = await QRCode.toString(code, QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The full `LPA:1$…` string as a QR code, byte mode, error correction M, with its quiet zone, at least 250 px
 * wide. Drawn locally: it shows offline from the stored card.
 */
export function ActivationQr({ code, alt }: { code: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void activationQrSrc(code).then((s) => live && setSrc(s));
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div className="sim-qr">
      {src ? <img src={src} alt={alt} width={260} height={260} /> : <span className="sim-qr-blank" />}
    </div>
  );
}
