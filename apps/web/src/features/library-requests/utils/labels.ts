import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';
import type {
  PublicationType,
  RequestLanguage,
  RequestStatus,
  RequestType,
  SearchPurpose,
  SwitchingKind,
  ThesisDegree,
} from '@estante/contract';

/** Translation keys of the request types (the list's choice and each request's heading). */
const TYPE_KEYS: Record<RequestType, string> = {
  'comutacao-bibliografica': 'libraryRequests.type.comutacao-bibliografica',
  'levantamento-bibliografico': 'libraryRequests.type.levantamento-bibliografico',
  'pesquisa-especializada': 'libraryRequests.type.pesquisa-especializada',
  'ficha-catalografica': 'libraryRequests.type.ficha-catalografica',
};
const STATUS_KEYS: Record<RequestStatus, string> = {
  aguardando: 'libraryRequests.status.aguardando',
  em_atendimento: 'libraryRequests.status.em_atendimento',
  atendida: 'libraryRequests.status.atendida',
  nao_atendida: 'libraryRequests.status.nao_atendida',
  cancelada: 'libraryRequests.status.cancelada',
};
const KIND_KEYS: Record<SwitchingKind, string> = {
  artigo: 'libraryRequests.kind.artigo',
  tese: 'libraryRequests.kind.tese',
  'parte-documento': 'libraryRequests.kind.parte-documento',
};
const DEGREE_KEYS: Record<ThesisDegree, string> = {
  mestrado: 'libraryRequests.degree.mestrado',
  doutorado: 'libraryRequests.degree.doutorado',
  'pos-doutorado': 'libraryRequests.degree.pos-doutorado',
};
const LANGUAGE_KEYS: Record<RequestLanguage, string> = {
  por: 'libraryRequests.language.por',
  eng: 'libraryRequests.language.eng',
  spa: 'libraryRequests.language.spa',
  fra: 'libraryRequests.language.fra',
  ita: 'libraryRequests.language.ita',
  deu: 'libraryRequests.language.deu',
  outros: 'libraryRequests.language.outros',
};
const PUBLICATION_KEYS: Record<PublicationType, string> = {
  livros: 'libraryRequests.publicationType.livros',
  artigos: 'libraryRequests.publicationType.artigos',
  teses: 'libraryRequests.publicationType.teses',
  anais: 'libraryRequests.publicationType.anais',
  normas: 'libraryRequests.publicationType.normas',
  legislacao: 'libraryRequests.publicationType.legislacao',
  multimeios: 'libraryRequests.publicationType.multimeios',
};
const PURPOSE_KEYS: Record<SearchPurpose, string> = {
  trabalho_academico: 'libraryRequests.purpose.trabalho_academico',
  pesquisa: 'libraryRequests.purpose.pesquisa',
  docencia: 'libraryRequests.purpose.docencia',
  profissional: 'libraryRequests.purpose.profissional',
  outra: 'libraryRequests.purpose.outra',
};

/**
 * Labels of the fields a request carries, as the list shows them. A field not named here (another
 * type's own, such as the catalogue sheet's) is shown by its name until it is added.
 */
export const FIELD_LABEL_KEYS: Record<string, string> = {
  titulo: 'libraryRequests.fields.titulo',
  autor: 'libraryRequests.fields.autor',
  titulo_periodico: 'libraryRequests.fields.titulo_periodico',
  titulo_documento: 'libraryRequests.fields.titulo_documento',
  grau: 'libraryRequests.fields.grau',
  instituicao: 'libraryRequests.fields.instituicao',
  ano: 'libraryRequests.fields.ano',
  volume: 'libraryRequests.fields.volume',
  numero: 'libraryRequests.fields.numero',
  pagina_inicial: 'libraryRequests.fields.pagina_inicial',
  pagina_final: 'libraryRequests.fields.pagina_final',
  assunto: 'libraryRequests.fields.assunto',
  palavras_chave: 'libraryRequests.fields.palavras_chave',
  idiomas: 'libraryRequests.fields.idiomas',
  data_inicial: 'libraryRequests.fields.data_inicial',
  data_final: 'libraryRequests.fields.data_final',
  tipos_publicacao: 'libraryRequests.fields.tipos_publicacao',
  finalidade: 'libraryRequests.fields.finalidade',
  email: 'libraryRequests.fields.email',
  observacao: 'libraryRequests.fields.observacao',
  biblioteca: 'libraryRequests.fields.biblioteca',
};

/** Every label of the requests' codes, in the patron's language. */
export function useRequestLabels() {
  const { t } = useTranslation();
  const map = <K extends string>(keys: Record<K, string>) =>
    Object.fromEntries(
      (Object.entries(keys) as [K, string][]).map(([code, key]) => [code, translateKey(t, key)]),
    ) as Record<K, string>;
  return {
    types: map(TYPE_KEYS),
    statuses: map(STATUS_KEYS),
    kinds: map(KIND_KEYS),
    degrees: map(DEGREE_KEYS),
    languages: map(LANGUAGE_KEYS),
    publicationTypes: map(PUBLICATION_KEYS),
    purposes: map(PURPOSE_KEYS),
    field: (name: string) => (FIELD_LABEL_KEYS[name] ? translateKey(t, FIELD_LABEL_KEYS[name]) : name),
  };
}

/** A list of choices for a select or a group of checkboxes, in the contract's order. */
export function optionsOf<K extends string>(codes: readonly K[], labels: Record<K, string>) {
  return codes.map((code) => ({ value: code, label: labels[code] }));
}
