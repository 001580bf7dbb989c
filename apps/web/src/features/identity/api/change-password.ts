import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_PATHS,
  ChangePasswordResponseSchema,
  IDENTITY_PATHS,
  PasswordRulesSchema,
  type PasswordRules,
} from '@estante/contract';
import { apiGet, apiPut } from '../../../lib/api-client';

/** GET /pessoas/meu-pergamum/senha: the rules a new password must meet. */
export function getPasswordRules(signal?: AbortSignal): Promise<PasswordRules> {
  return apiGet(ACCOUNT_PATHS.passwordRules, PasswordRulesSchema, { signal, auth: 'private' });
}

export function usePasswordRules() {
  return useQuery(
    queryOptions({
      queryKey: ['identity', 'password-rules'],
      queryFn: ({ signal }) => getPasswordRules(signal),
      staleTime: 0,
    }),
  );
}

/** PUT /pessoas/meu-pergamum/senha; `signOutOthers` ends the patron's other sessions. */
export async function changePassword(input: {
  current: string;
  next: string;
  signOutOthers: boolean;
}): Promise<void> {
  await apiPut(IDENTITY_PATHS.changePassword, ChangePasswordResponseSchema, {
    auth: 'private',
    body: { senhaAtual: input.current, senhaNova: input.next, encerrarOutrasSessoes: input.signOutOthers },
  });
}
