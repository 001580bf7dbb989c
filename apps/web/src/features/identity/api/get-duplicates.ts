import { DuplicatesResponseSchema, IDENTITY_PATHS, type DuplicatesResponse } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /pessoas/duplicadas?usuario=: the people a username names, when it names more than one (SPEC §7). */
export function getDuplicates(username: string): Promise<DuplicatesResponse> {
  return apiGet(IDENTITY_PATHS.duplicates, DuplicatesResponseSchema, {
    query: { usuario: username.trim() },
    auth: 'public',
  });
}
