import { ACTIVITY, isPasswordRecoveryOffered } from '@estante/contract';
import { useInstitution } from '../../chrome/api/get-institution';
import { useActivity } from '../../chrome/hooks/use-activity';
import type { SignInSettings } from '../components/sign-in-form';

/** The sign-in screen's settings from the institution data and activities the configuration loaded. */
export function useSignInSettings(): SignInSettings {
  const institution = useInstitution();
  const offersPersonalArea = useActivity(ACTIVITY.PERSONAL_AREA);
  const requiresCaptcha = useActivity(ACTIVITY.LOGIN_CAPTCHA);
  return {
    loginLabel: institution.denominacao_login,
    loginMessage: institution.msg_login,
    // SPEC §2: "for one specific institution" — the one whose setting login_pede_categoria is on (decision 0018).
    asksCategory: institution.login_pede_categoria,
    offersPersonalArea,
    offersRecovery: isPasswordRecoveryOffered(institution),
    usesSingleSignOn: institution.usaOIDC,
    usesSaml: institution.usaSAML,
    needsPersonLookup: institution.login_consulta_pessoa,
    defaultDestination: institution.destino_padrao_login_catalogo ? 'catalogue' : 'personalArea',
    requiresCaptcha,
  };
}
