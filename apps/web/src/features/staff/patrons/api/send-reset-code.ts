import { useMutation } from '@tanstack/react-query';
import { STAFF_PATHS, StaffPatronResetCodeSchema, type StaffPatronResetCode } from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';

/** POST /equipe/leitores/{login}/codigo-senha: e-mails the patron a password reset code. */
export function sendResetCode(login: string): Promise<StaffPatronResetCode> {
  return apiPost(STAFF_PATHS.patronResetCode(encodeURIComponent(login)), StaffPatronResetCodeSchema, {
    auth: 'private',
  });
}

export function useSendResetCode() {
  return useMutation({
    mutationFn: (login: string) => sendResetCode(login),
    // The screen shows a refusal in place (refusalOf).
    meta: { handledInPlace: true },
  });
}
