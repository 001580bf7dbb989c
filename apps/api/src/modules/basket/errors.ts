import { BASKET_ERROR } from '@estante/contract';
import { AppError } from '../../lib/errors.ts';

/** Refusals of the basket export (STYLE "How errors flow", decision 0019). */
export const BASKET_ERRORS = {
  /** 404 naming every id the catalogue does not have: a partial file would be silently wrong. */
  unknownTitles: (ids: readonly number[]) =>
    new AppError(404, 'NOT_FOUND', 'basketUnknownTitles', 'unknown titles', ids.join(', ')),
  /**
   * 403: this library sends no e-mail (no SMTP). Not a rule the caller broke (no 422 with a key), and
   * not a server fault (no 5xx on any input, decision 0033): the message comes in the request's
   * language; the web does not offer e-mail then (institution `envia_email`).
   */
  emailOff: () => new AppError(403, BASKET_ERROR.EMAIL_OFF.code, 'basketEmailOff', 'basket e-mail off'),
};
