import { useEffect, useState } from 'react';
import { toString as qrCodeToString, type QRCodeToStringOptions } from 'qrcode';
import classes from './loans.module.css';

/** Drawn as the two-step QR code is (decision 0017): SVG, medium error correction, the standard quiet zone. */
export const LOAN_TOKEN_QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 4,
} as const satisfies QRCodeToStringOptions;

/** The token as an SVG data URL, made in the browser (the token never leaves the page for it). */
export async function loanTokenQrDataUrl(token: string): Promise<string> {
  const svg = await qrCodeToString(token, LOAN_TOKEN_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The loan token as a QR code the self-service machine or the desk scanner reads; nothing until drawn. */
export function LoanTokenQr({ token, alt }: { token: string; alt: string }) {
  const [drawn, setDrawn] = useState<{ token: string; src: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    loanTokenQrDataUrl(token)
      .then((src) => {
        if (isCurrent) setDrawn({ token, src });
      })
      // The token stays on screen as text if it cannot be drawn.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [token]);

  // Never the code of the previous token.
  if (drawn?.token !== token) return null;
  return (
    <img
      src={drawn.src}
      alt={alt}
      width={200}
      height={200}
      className={classes.qr}
      data-testid="loan-token-qr"
    />
  );
}
