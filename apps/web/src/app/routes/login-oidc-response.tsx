import { finishSingleSignOn } from '../../features/identity/api/single-sign-on';
import { SignOnReturn } from '../../features/identity/components/sign-on-return';

/**
 * SPEC §2 /oauth-response: the return screen of institutional single sign-on. Its content is not
 * shown: it finishes the sign-in and goes on to where the sign-in started.
 */
export function OidcResponseRoute() {
  return <SignOnReturn finish={finishSingleSignOn} />;
}
