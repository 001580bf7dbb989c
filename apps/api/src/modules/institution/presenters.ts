import type { Institution, SelfService } from '@estante/contract';

/** Defaults of the institution data when a setting is absent. */
export const INSTITUTION_DEFAULTS: Institution = {
  codEmpresa: 1,
  nome: 'Biblioteca Estante',
  sigla: 'ESTANTE',
  usaOIDC: false,
  destino_padrao_login_catalogo: false,
  denominacao_login: null,
  msg_login: null,
  link_logout_OIDC: null,
  link_logout_saml: null,
  tema: 'neo',
  msg_suporte_consulta: null,
  link_lgpd: null,
  params: { __web_url_pw: null, __web_aquisicao: null },
};

/** Institution settings rows → the SPEC §3 institution data. */
export function presentInstitution(settings: Record<string, unknown>): Institution {
  const merged: Record<string, unknown> = { ...INSTITUTION_DEFAULTS };
  for (const key of Object.keys(INSTITUTION_DEFAULTS)) {
    if (key in settings) merged[key] = settings[key];
  }
  return merged as Institution;
}

/** Institution settings → the self-service parameters (off unless the institution turns them on). */
export function presentSelfService(settings: Record<string, unknown>): SelfService {
  const number = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    showAuto: settings['autoatendimento_exibir'] === true,
    codBibAuto: number(settings['autoatendimento_biblioteca']),
    authAuto: settings['autoatendimento_autenticar'] === true,
    idiomaAuto: text(settings['autoatendimento_idioma']),
  };
}
