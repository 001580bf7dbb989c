import type { NetworkInstitutions, NetworkRecord, SearchHit } from '@estante/contract';
import { marcView, type MarcRecord } from '@estante/marc';
import type { NetworkInstitutionRow, NetworkRecordRow, NetworkSummaryRow } from './repository.ts';

/** SPEC §4 filter X: acesso_remoto 'cr' marks a record with online access. */
const REMOTE_ACCESS_ONLINE = 'cr';

export function presentNetworkInstitutions(rows: NetworkInstitutionRow[]): NetworkInstitutions {
  return rows.map((r) => ({ cod_empresa: r.code, desc_empresa: r.name, total: r.total }));
}

/**
 * A network record as a result-list hit: cod_acervo is the network record's id (not a local
 * title), it has no copies here, and it names its institution.
 */
export function presentNetworkHit(row: NetworkSummaryRow): SearchHit {
  return {
    cod_acervo: row.id,
    titulo: row.title,
    autor: row.main_author,
    ano_publicacao: row.year,
    desc_tipo_obra: row.work_type_label,
    cod_tipo_obra: row.work_type,
    idioma: row.language,
    idioma_desc: row.language_name,
    numero_chamada: row.call_number,
    link_capa: row.cover_url,
    acesso_remoto: row.has_links ? REMOTE_ACCESS_ONLINE : null,
    possui_acessibilidade: row.is_accessible ? 'S' : 'N',
    exemplares_disponiveis: 0,
    exemplares_total: 0,
    instituicao: { cod_empresa: row.institution_code, desc_empresa: row.institution_name },
  };
}

/** A network record with its institution and MARC (GET /rede-pergamum/acervo/{id}). */
export function presentNetworkRecord(row: NetworkRecordRow): NetworkRecord {
  const publication = [
    row.publication_place && row.publisher
      ? `${row.publication_place}: ${row.publisher}`
      : (row.publication_place ?? row.publisher),
    row.publication_date,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    id: row.id,
    tipo_obra: row.work_type,
    desc_tipo_obra: row.work_type_label,
    instituicao: { cod_empresa: row.institution_code, desc_empresa: row.institution_name },
    controle: row.control_number,
    titulo: row.title_statement ?? row.title,
    titulo_original: row.vernacular_title,
    autor: row.main_author,
    autores: row.authors,
    assuntos: row.subjects,
    ano_publicacao: row.year,
    publicacao: publication || null,
    edicao: row.edition,
    descricao_fisica: row.physical_description,
    serie: row.series,
    notas: row.notes,
    isbn: row.isbn,
    issn: row.issn,
    idioma: row.language,
    idioma_desc: row.language_name,
    numero_chamada: row.call_number,
    link_capa: row.cover_url,
    links: row.online_links.map((link, index) => ({
      seq_paragrafo: index + 1,
      url: link.url,
      descricao: link.description,
    })),
    marc: marcView(row.marc as MarcRecord),
  };
}
