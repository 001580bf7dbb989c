import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAPTCHA_PATHS, CaptchaConfigurationSchema, type CaptchaConfiguration } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /captcha/configuracao: ALTCHA, or reCAPTCHA with its site key (decision 0017). */
export function getCaptchaConfiguration(signal?: AbortSignal): Promise<CaptchaConfiguration> {
  return apiGet(CAPTCHA_PATHS.configuration, CaptchaConfigurationSchema, { signal, auth: 'public' });
}

/** Query options of the captcha configuration; asked again on each sign-in screen (staff may change the keys). */
export function getCaptchaConfigurationQueryOptions() {
  return queryOptions({
    queryKey: ['identity', 'captcha-configuration'],
    queryFn: ({ signal }) => getCaptchaConfiguration(signal),
    staleTime: 0,
  });
}

/** Which captcha the sign-in shows. */
export function useCaptchaConfiguration() {
  return useQuery(getCaptchaConfigurationQueryOptions());
}
