import type { MessageKey } from './messages.ts';

/** A refusal with its HTTP status and stable code; the message is a server text key or, for 422, a translation key. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey | null,
    text: string,
    readonly details?: string,
  ) {
    super(text);
  }
}

/** Error factories shared by every module (STYLE "How errors flow"). */
export const ERRORS = {
  notFound: () => new AppError(404, 'NOT_FOUND', 'notFound', 'not found'),
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', 'unauthorized', 'unauthorized'),
  invalidClient: () => new AppError(401, 'INVALID_CLIENT', 'invalidClient', 'invalid client'),
  unsupportedGrant: () =>
    new AppError(400, 'UNSUPPORTED_GRANT_TYPE', 'unsupportedGrant', 'unsupported grant'),
  badRequest: (details: string) => new AppError(400, 'VALIDATION', 'badRequest', 'bad request', details),
  /** A rule violation: the message is a translation key the web translates. */
  rule: (code: string, translationKey: string) => new AppError(422, code, null, translationKey),
};
