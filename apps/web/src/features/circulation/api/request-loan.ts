import { API_PATHS, LoanRequestSchema, type LoanRequest, type LoanRequestBody } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /solicitacao-emprestimo/{id}: requests a loan of the title; a copy is set aside at once. */
export function requestLoan(titleId: number, body: LoanRequestBody): Promise<LoanRequest> {
  return apiPost(API_PATHS.loanRequest(titleId), LoanRequestSchema, { body, auth: 'private' });
}
