import {
  LIBRARY_REQUEST_PATHS,
  LibraryRequestSchema,
  type LibraryRequest,
  type SpecializedSearchBody,
  type SurveyRequestBody,
  type SwitchingKind,
  type SwitchingRequestBody,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /solicitacoes/comutacao-bibliografica/{type}: a copy of an article, a thesis or part of a document. */
export function sendSwitchingRequest(
  kind: SwitchingKind,
  body: SwitchingRequestBody,
): Promise<LibraryRequest> {
  return apiPost(LIBRARY_REQUEST_PATHS.switching(kind), LibraryRequestSchema, { body, auth: 'private' });
}

/** POST /solicitacoes/levantamento-bibliografico. */
export function sendSurveyRequest(body: SurveyRequestBody): Promise<LibraryRequest> {
  return apiPost(LIBRARY_REQUEST_PATHS.survey, LibraryRequestSchema, { body, auth: 'private' });
}

/** POST /solicitacoes/pesquisa-especializada. */
export function sendSpecializedSearch(body: SpecializedSearchBody): Promise<LibraryRequest> {
  return apiPost(LIBRARY_REQUEST_PATHS.specializedSearch, LibraryRequestSchema, { body, auth: 'private' });
}
