import {
  API_PATHS,
  RestrictedAccessResponseSchema,
  type RestrictedAccessBody,
  type RestrictedAccessResponse,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /vinculos/acesso-restrito/{a}/s/{b}: how to open a restricted link (a URL, or a publisher's form). */
export function openRestrictedLink(
  titleId: number,
  seq: number,
  body: RestrictedAccessBody,
): Promise<RestrictedAccessResponse> {
  return apiPost(API_PATHS.restrictedAccess(titleId, seq), RestrictedAccessResponseSchema, {
    body,
    auth: 'private',
  });
}
