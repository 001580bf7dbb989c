import { useTranslation } from 'react-i18next';
import type { RequestStatus, RequestType } from '@estante/contract';
import { translateKey } from '../../../../lib/i18n';

/** The label of a request status, a type or a switching kind (the personal area's own words). */
export function useRequestWords() {
  const { t } = useTranslation();
  return {
    status: (status: RequestStatus) => translateKey(t, `libraryRequests.status.${status}`),
    type: (type: RequestType) => translateKey(t, `libraryRequests.type.${type}`),
    kind: (kind: string) => translateKey(t, `libraryRequests.kind.${kind}`),
    field: (name: string) => translateKey(t, `libraryRequests.fields.${name}`),
  };
}
