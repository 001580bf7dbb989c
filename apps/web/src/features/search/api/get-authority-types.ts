import { useQuery } from '@tanstack/react-query';
import { API_PATHS, AuthorityComboSchema, type AuthorityComboOption } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /autoridade/combo: the authority types with their names in the interface language and counts. */
export function getAuthorityTypes(signal?: AbortSignal): Promise<AuthorityComboOption[]> {
  return apiGet(API_PATHS.authorityCombo, AuthorityComboSchema, { signal });
}

export function useAuthorityTypes(language: string) {
  return useQuery({
    // The names come in the language of the call.
    queryKey: ['search', 'authority-types', language],
    queryFn: ({ signal }) => getAuthorityTypes(signal),
  });
}
