/** SAML single sign-on calls (SPEC §7 /saml/login, /saml/validar), relative to the /api prefix. */
export const SAML_PATHS = {
  login: '/saml/login',
  validate: '/saml/validar',
  /** Where the identity provider posts its answer (the ACS to register there); not called by the web. */
  assertionConsumer: '/saml/retorno',
} as const;

/** The web screen the SAML return lands on (SPEC §2 /saml-response); it then calls POST /saml/validar. */
export const SAML_RESPONSE_SCREEN = '/saml-response';

/** The fragment parameter carrying the provider's answer to the return screen. */
export const SAML_RESPONSE_PARAM = 'saml';

/** Error codes of SAML refusals (422; the message is a SAML_RULE_KEYS key). */
export const SAML_ERROR_CODE = {
  /** 422: SAML is not configured. */
  SAML_UNAVAILABLE: 'SAML_UNAVAILABLE',
  /** 422: the answer is not valid: signature, audience, time, unknown or already used. */
  SAML_INVALID: 'SAML_INVALID',
  /** 422: the provider's user matches no patron. */
  SAML_USER_NOT_FOUND: 'SAML_USER_NOT_FOUND',
} as const;

/** Translation keys the server answers as the message of SAML refusals. */
export const SAML_RULE_KEYS = {
  unavailable: 'recoveryRules.samlUnavailable',
  invalid: 'recoveryRules.samlInvalid',
  userNotFound: 'recoveryRules.oidcUserNotFound',
} as const;
