import { CAPTCHA_PATHS, CaptchaChallengeSchema, type CaptchaChallenge } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /captcha/desafio: a new proof-of-work challenge for the sign-in captcha (decision 0014). */
export function getCaptchaChallenge(): Promise<CaptchaChallenge> {
  return apiGet(CAPTCHA_PATHS.challenge, CaptchaChallengeSchema, { auth: 'public' });
}
