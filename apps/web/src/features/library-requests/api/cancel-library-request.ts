import {
  LIBRARY_REQUEST_PATHS,
  LibraryRequestSchema,
  type LibraryRequest,
  type RequestType,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /solicitacoes/{type}/{id}/cancelar: cancels one of the patron's requests while it waits. */
export function cancelLibraryRequest(type: RequestType, id: number): Promise<LibraryRequest> {
  return apiPost(LIBRARY_REQUEST_PATHS.cancel(type, id), LibraryRequestSchema, { auth: 'private' });
}
