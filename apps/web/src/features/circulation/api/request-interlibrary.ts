import {
  API_PATHS,
  InterlibraryRequestSchema,
  type InterlibraryRequest,
  type InterlibraryRequestBody,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /solicitacoes/emprestimo-inter-bibliotecas: asks another library of the network for a work. */
export function requestInterlibrary(body: InterlibraryRequestBody): Promise<InterlibraryRequest> {
  return apiPost(API_PATHS.interlibraryRequests, InterlibraryRequestSchema, { body, auth: 'private' });
}
