import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ChangePasswordResponseSchema,
  IDENTITY_PATHS,
  TwoFactorConfirmResponseSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';

/** GET /pessoas/meu-pergamum/dois-fatores: whether two-step verification is offered, and on. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiGet(IDENTITY_PATHS.twoFactor, TwoFactorStatusSchema, { signal, auth: 'private' });
}

/** Query options of the two-step status, keyed by the patron. */
export function getTwoFactorStatusQueryOptions(login: string) {
  return queryOptions({
    queryKey: ['identity', 'two-factor', login],
    meta: { patron: true },
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
}

/** The signed-in patron's two-step status. */
export function useTwoFactorStatus(login: string) {
  return useQuery(getTwoFactorStatusQueryOptions(login));
}

/** POST: a new secret for the authenticator app (in force once confirmed). */
export function startTwoFactor(): Promise<TwoFactorEnrolment> {
  return apiPost(IDENTITY_PATHS.twoFactor, TwoFactorEnrolmentSchema, { auth: 'private' });
}

/** PUT {codigo}: confirms with a code from the app; answers the ten recovery codes, shown once. */
export async function confirmTwoFactor(code: string): Promise<string[]> {
  const answer = await apiPut(IDENTITY_PATHS.twoFactor, TwoFactorConfirmResponseSchema, {
    auth: 'private',
    body: { codigo: code.trim() },
  });
  return answer.codigos_recuperacao;
}

/** DELETE {senha}: turns two-step verification off; the password is checked by the server. */
export async function disableTwoFactor(password: string): Promise<void> {
  await apiDelete(IDENTITY_PATHS.twoFactor, ChangePasswordResponseSchema, {
    auth: 'private',
    body: { senha: password },
  });
}
