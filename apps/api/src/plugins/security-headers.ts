import type { FastifyInstance } from 'fastify';

/** Where the VLibras sign-language widget loads its script, player and translations from, when a visitor turns it on. */
const VLIBRAS = ['https://vlibras.gov.br', 'https://*.vlibras.gov.br'];
/** reCAPTCHA, when an institution configured its keys (decision 0017): the script and its frames. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The Content-Security-Policy: what the web app loads and nothing more (decision 0036).
 * - style-src 'unsafe-inline': Mantine sets style attributes and injects its CSS variables in <style>.
 * - worker-src blob:: the ALTCHA widget solves its proof of work in a worker made from a Blob.
 * - 'wasm-unsafe-eval': the VLibras player is a WebAssembly (Unity) build.
 * - img-src https:: covers and the institution's images may come from any HTTPS address it configures.
 * - form-action is left open: the publisher pages (/pearson) post a form to the publisher's address.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${[...VLIBRAS, ...RECAPTCHA_SCRIPTS].join(' ')}`,
  `style-src 'self' 'unsafe-inline' ${VLIBRAS.join(' ')}`,
  "img-src 'self' data: blob: https:",
  `font-src 'self' data: ${VLIBRAS.join(' ')}`,
  `connect-src 'self' ${VLIBRAS.join(' ')}`,
  `media-src 'self' blob: ${VLIBRAS.join(' ')}`,
  "worker-src 'self' blob:",
  `frame-src ${RECAPTCHA_FRAMES.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** HSTS for a year once the catalogue is reached over HTTPS (directly or through a proxy that says so). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Security headers on every answer (issue 14): CSP, no MIME sniffing, a short referrer, HSTS over HTTPS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // For browsers without frame-ancestors.
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
