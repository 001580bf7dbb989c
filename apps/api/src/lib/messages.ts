/** Server texts in the request's language (SPEC §6 language code); 422 messages are translation keys instead. */
const MESSAGES = {
  notFound: {
    pt: 'Registro não encontrado.',
    en: 'Record not found.',
    es: 'Registro no encontrado.',
  },
  routeNotFound: {
    pt: 'Endereço não encontrado.',
    en: 'Address not found.',
    es: 'Dirección no encontrada.',
  },
  badRequest: {
    pt: 'Parâmetros inválidos',
    en: 'Invalid parameters',
    es: 'Parámetros inválidos',
  },
  unauthorized: {
    pt: 'Credenciais ausentes ou expiradas.',
    en: 'Missing or expired credentials.',
    es: 'Credenciales ausentes o caducadas.',
  },
  invalidClient: {
    pt: 'Cliente desconhecido.',
    en: 'Unknown client.',
    es: 'Cliente desconocido.',
  },
  unsupportedGrant: {
    pt: 'Tipo de concessão não suportado.',
    en: 'Unsupported grant type.',
    es: 'Tipo de concesión no admitido.',
  },
  // Sign-in (SPEC §8 login errors).
  loginFailed: {
    pt: 'Falha na requisição de login. Tente novamente.',
    en: 'The login request failed. Please try again.',
    es: 'Falló la solicitud de inicio de sesión. Inténtelo de nuevo.',
  },
  invalidCredentials: {
    pt: 'Usuário ou senha incorretos.',
    en: 'Incorrect user or password.',
    es: 'Usuario o contraseña incorrectos.',
  },
  invalidGrant: {
    pt: 'Sessão expirada. Entre novamente.',
    en: 'Your session has expired. Please sign in again.',
    es: 'Sesión caducada. Inicie sesión de nuevo.',
  },
  tooManyAttempts: {
    pt: 'Muitas tentativas consecutivas. Aguarde alguns minutos e tente novamente.',
    en: 'Too many consecutive attempts. Wait a few minutes and try again.',
    es: 'Demasiados intentos consecutivos. Espere unos minutos e inténtelo de nuevo.',
  },
  accessBlocked: {
    pt: 'Senha bloqueada. Use a opção "Esqueci minha senha".',
    en: 'Password blocked. Use "Forgot my password".',
    es: 'Contraseña bloqueada. Use la opción "Olvidé mi contraseña".',
  },
  forbidden: {
    pt: 'Permissões de autenticação negadas.',
    en: 'Authentication permissions denied.',
    es: 'Permisos de autenticación denegados.',
  },
  // Catalogue search (SPEC §4 "a failed search"): nothing of the search is answered.
  searchFailed: {
    pt: 'Não foi possível concluir a pesquisa. Tente novamente.',
    en: 'The search could not be completed. Please try again.',
    es: 'No se pudo completar la búsqueda. Inténtelo de nuevo.',
  },
  // Basket export (decision 0019): the ids follow the text after ": ".
  basketUnknownTitles: {
    pt: 'Títulos que não estão no catálogo',
    en: 'Titles not in the catalogue',
    es: 'Títulos que no están en el catálogo',
  },
  basketEmailOff: {
    pt: 'O envio de e-mails não está disponível nesta biblioteca. Baixe o arquivo.',
    en: 'Sending e-mail is not available in this library. Download the file instead.',
    es: 'El envío de correos no está disponible en esta biblioteca. Descargue el archivo.',
  },
  notReady: {
    pt: 'O catálogo ainda não está pronto.',
    en: 'The catalogue is not ready yet.',
    es: 'El catálogo aún no está listo.',
  },
  internal: {
    pt: 'Erro inesperado.',
    en: 'Unexpected error.',
    es: 'Error inesperado.',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type ServerLanguage = 'pt' | 'en' | 'es';

/** The text of a server message in a language. */
export function message(key: MessageKey, language: ServerLanguage): string {
  return MESSAGES[key][language];
}
