import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { finishSamlSignOn, readSamlResponse } from '../../features/identity/api/saml-sign-on';
import { SignOnReturn } from '../../features/identity/components/sign-on-return';

/**
 * SPEC §2 /saml-response: the return screen of SAML single sign-on. Its content is not shown: it
 * posts the provider's answer (handed over in the fragment) to /saml/validar, starts the session
 * and goes on to where the sign-in started.
 */
export function SamlResponseRoute() {
  const { hash } = useLocation();
  const finish = useCallback(() => {
    const answer = readSamlResponse(hash);
    // The answer leaves the address bar and the history at once.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    return finishSamlSignOn(answer);
  }, [hash]);
  return <SignOnReturn finish={finish} />;
}
