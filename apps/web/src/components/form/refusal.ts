import type { TFunction } from 'i18next';
import { isApiErrorStatus } from '../../lib/api-client';
import { handleApiError } from '../../lib/error-handler';
import { translateKey } from '../../lib/i18n';

/**
 * What a failed call shows (SPEC §8, STYLE "How errors flow"): a 422 is a refusal the
 * screen explains in place, in the patron's language (the message is a translation key); anything
 * else goes to the central error handler's toast. Answers the refusal text, or null.
 */
export function refusalOf(error: unknown, t: TFunction): string | null {
  if (isApiErrorStatus(error, 422)) return translateKey(t, error.message);
  handleApiError(error);
  return null;
}
