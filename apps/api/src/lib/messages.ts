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
