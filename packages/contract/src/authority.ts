/** Authority types (SPEC §3). */
export const AUTHORITY_TYPES = [
  'pessoa',
  'instituicao',
  'evento',
  'titulo_uniforme',
  'assunto',
  'assunto_geografico',
  'genero_forma',
  'termo_cronologico',
  'subdivisao_geral',
  'subdivisao_genero_forma',
  'subdivisao_geografica',
  'subdivisao_cronologica',
] as const;
export type AuthorityType = (typeof AUTHORITY_TYPES)[number];
