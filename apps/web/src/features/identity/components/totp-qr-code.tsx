import { useEffect, useState } from 'react';
import { toString as qrCodeToString, type QRCodeToStringOptions } from 'qrcode';

/** How the QR code is drawn: SVG (no canvas, no network), medium error correction, the standard 4-module quiet zone. */
export const TOTP_QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 4,
} as const satisfies QRCodeToStringOptions;

/** The QR code of an otpauth:// address as an SVG data URL, made in the browser. */
export async function totpQrDataUrl(otpauthUrl: string): Promise<string> {
  const svg = await qrCodeToString(otpauthUrl, TOTP_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface TotpQrCodeProps {
  /** The otpauth:// address the server answered for the enrolment. */
  otpauthUrl: string;
  /** The image's text alternative. */
  alt: string;
}

/** The otpauth address as a QR code an authenticator app can scan (decision 0017); nothing until it is drawn. */
export function TotpQrCode({ otpauthUrl, alt }: TotpQrCodeProps) {
  const [drawn, setDrawn] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    totpQrDataUrl(otpauthUrl)
      .then((src) => {
        if (isCurrent) setDrawn({ url: otpauthUrl, src });
      })
      // An address too long for a QR code: the key and address stay there as text.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [otpauthUrl]);

  // Never the code of a previous address.
  if (drawn?.url !== otpauthUrl) return null;
  return (
    <img
      src={drawn.src}
      alt={alt}
      width={220}
      height={220}
      data-testid="two-factor-qr"
      style={{ display: 'block' }}
    />
  );
}
