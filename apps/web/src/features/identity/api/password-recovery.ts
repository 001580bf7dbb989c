import {
  PasswordRulesSchema,
  RECOVERY_PATHS,
  RecoveryPasswordResponseSchema,
  RecoveryStartSchema,
  type PasswordRules,
  type RecoveryStart,
} from '@estante/contract';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';

/**
 * GET /pessoas/{login}/recuperar-senha: sends a code by e-mail; answers where it went, its length and
 * expiry. The solved captcha goes along when the institution asks for one (SPEC §7 recaptcha_token).
 */
export function startRecovery(login: string, captchaToken?: string): Promise<RecoveryStart> {
  return apiGet(RECOVERY_PATHS.recovery(login.trim()), RecoveryStartSchema, {
    auth: 'public',
    query: { recaptcha_token: captchaToken },
  });
}

/** POST /pessoas/{login}/recuperar-senha: checks the code; answers the password rules (SPEC §4 step 2). */
export function checkRecoveryCode(login: string, code: string): Promise<PasswordRules> {
  return apiPost(RECOVERY_PATHS.recovery(login.trim()), PasswordRulesSchema, {
    auth: 'public',
    body: { code: code.trim() },
  });
}

/** PUT /pessoas/{login}/recuperar-senha: sets the new password, trimmed (SPEC §5). */
export async function setRecoveredPassword(login: string, code: string, password: string): Promise<void> {
  await apiPut(RECOVERY_PATHS.recovery(login.trim()), RecoveryPasswordResponseSchema, {
    auth: 'public',
    body: { code: code.trim(), password: password.trim() },
  });
}
