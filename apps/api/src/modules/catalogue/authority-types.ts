import type { AuthorityType } from '@estante/contract';
import type { ServerLanguage } from '../../lib/messages.ts';

/** Names of the SPEC §3 authority types in each interface language. */
const LABELS: Record<AuthorityType, Record<ServerLanguage, string>> = {
  pessoa: { pt: 'Pessoas', en: 'People', es: 'Personas' },
  instituicao: { pt: 'Instituições', en: 'Institutions', es: 'Instituciones' },
  evento: { pt: 'Eventos', en: 'Events', es: 'Eventos' },
  titulo_uniforme: { pt: 'Títulos uniformes', en: 'Uniform titles', es: 'Títulos uniformes' },
  assunto: { pt: 'Assuntos', en: 'Subjects', es: 'Materias' },
  assunto_geografico: { pt: 'Assuntos geográficos', en: 'Geographic subjects', es: 'Materias geográficas' },
  genero_forma: { pt: 'Gênero/forma', en: 'Genre/form', es: 'Género/forma' },
  termo_cronologico: { pt: 'Termos cronológicos', en: 'Chronological terms', es: 'Términos cronológicos' },
  subdivisao_geral: { pt: 'Subdivisões gerais', en: 'General subdivisions', es: 'Subdivisiones generales' },
  subdivisao_genero_forma: {
    pt: 'Subdivisões de gênero/forma',
    en: 'Genre/form subdivisions',
    es: 'Subdivisiones de género/forma',
  },
  subdivisao_geografica: {
    pt: 'Subdivisões geográficas',
    en: 'Geographic subdivisions',
    es: 'Subdivisiones geográficas',
  },
  subdivisao_cronologica: {
    pt: 'Subdivisões cronológicas',
    en: 'Chronological subdivisions',
    es: 'Subdivisiones cronológicas',
  },
};

/** The name of an authority type in a language. */
export function authorityTypeLabel(type: AuthorityType, language: ServerLanguage): string {
  return LABELS[type][language];
}
