import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '@estante/contract';

/**
 * The cookie that binds an institutional sign-on (OIDC, SAML) to the browser that started it, so
 * an answer replayed or posted from another browser (login CSRF) is refused. HttpOnly, scoped to
 * the sign-on's own API path, Lax: sent on the provider's top-level return to us, not on
 * cross-site subrequests.
 */
export function signOnCookie(name: string, path: string) {
  return {
    /** Set-Cookie value; an empty value with max-age 0 clears it. */
    set(request: FastifyRequest, value: string, maxAge: number): string {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      return `${name}=${value}; Path=${API_PREFIX}${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
    },
    /** The cookie's value on a request, if the browser sent it. */
    read(request: FastifyRequest): string | undefined {
      for (const part of (request.headers.cookie ?? '').split(';')) {
        const eq = part.indexOf('=');
        if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
      }
      return undefined;
    },
  };
}
