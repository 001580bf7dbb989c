import type {
  AdditionalTitlesResponse,
  AdditionalTitleType,
  Authority,
  AuthorityType,
  Copy,
  CopyStatus,
  ImageLink as ImageLinkResponse,
  OnlineLink,
  ReferenceFormat,
  ReferenceResponse,
  SearchHit,
  ShelfPlace,
  Title,
} from '@estante/contract';
import {
  abntReference,
  formatReference,
  mapTitle,
  type AdditionalTitle,
  type AdditionalTitleKind,
  type ImageLink,
  type MarcRecord,
} from '@estante/marc';
import type { AuthorityRow, CopyRow, OnlineLinkRow, TitleRow, TitleSummaryRow } from './repository.ts';
import type { ShelfPlaceRow } from './result-line-repository.ts';

/** SPEC §4 filter X: acesso_remoto 'cr' marks a title with online access. */
const REMOTE_ACCESS_ONLINE = 'cr';

/** A result-list row → the wire hit. */
export function presentHit(row: TitleSummaryRow): SearchHit {
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
    acesso_remoto: row.remote_access,
    possui_acessibilidade: row.is_accessible ? 'S' : 'N',
    exemplares_disponiveis: row.copies_available,
    exemplares_total: row.copies_total,
  };
}

/** The ABNT reference of a stored record (null when the stored MARC no longer maps). */
export function referenceOf(marc: unknown): string | null {
  const mapped = mapTitle(marc as MarcRecord);
  return 'error' in mapped ? null : abntReference(mapped, marc as MarcRecord);
}

/** A stored record → the wire reference in one format; the bare title when the stored MARC no longer maps. */
export function presentReference(
  row: { title: string; marc: unknown },
  format: ReferenceFormat,
  accessed: Date,
): ReferenceResponse {
  const marc = row.marc as MarcRecord;
  const mapped = mapTitle(marc);
  if ('error' in mapped) return { referencia: row.title, formato: format, html: escapeHtml(row.title) };
  const style = format.toLowerCase() as Lowercase<ReferenceFormat>;
  const { text, html } = formatReference(mapped, style, { marc, accessed });
  return { referencia: text, formato: format, html };
}

/** Text for an HTML attribute or element: nothing in it can close the tag or open another. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A title row with its links → the SPEC §3 title. */
export function presentTitle(
  row: TitleRow,
  authorities: { role: 'author' | 'subject'; id: number; heading: string; relator: string | null }[],
  links: OnlineLinkRow[],
  copies: CopyRow[],
): Title {
  const authors = authorities.filter((a) => a.role === 'author');
  const subjects = authorities.filter((a) => a.role === 'subject');
  const libraries = new Map<number, string>();
  for (const copy of copies) libraries.set(copy.library_id, copy.library_name);
  const firstCopy = copies[0];
  const nextReturn = copies
    .map((c) => c.expected_return)
    .filter((d): d is string => d !== null)
    .sort()[0];
  const publication = [
    row.publication_place && row.publisher
      ? `${row.publication_place}: ${row.publisher}`
      : (row.publication_place ?? row.publisher),
    row.publication_date,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    cod_acervo: row.id,
    titulo: row.title_statement ?? row.title,
    autor: row.main_author,
    autores: authors.map((a) => ({ nome: a.heading, cod_autoridade: a.id, funcao: a.relator })),
    assunto: row.subjects_text || null,
    assuntos: subjects.map((s) => ({ termo: s.heading, cod_autoridade: s.id })),
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
    referencia: referenceOf(row.marc) ?? row.title,
    cod_tipo_obra: row.work_type,
    desc_tipo_obra: row.work_type_label,
    acesso_remoto: links.length > 0 ? REMOTE_ACCESS_ONLINE : row.remote_access,
    link_capa: row.cover_url,
    possui_acessibilidade: row.is_accessible ? 'S' : 'N',
    cod_tipo_area_conhec: row.knowledge_area_id,
    desc_tipo_area_conhec: row.knowledge_area,
    cod_area_conhecimento: row.knowledge_area_id,
    areas_conhecimento: row.knowledge_area ? [row.knowledge_area] : [],
    dados_adicionais: row.vernacular_title ? { vernacular: row.vernacular_title } : {},
    rota: null,
    cursos_disc: [],
    tipo_emprestimo: firstCopy?.loan_type ?? null,
    localizacao: firstCopy?.location ?? null,
    colecao: row.series,
    data_prevista_devolucao: nextReturn ?? null,
    bibliotecas: [...libraries].map(([id, name]) => ({ cod_biblioteca: id, desc_biblioteca: name })),
    links: links.map(presentOnlineLink),
    controle: row.control_number,
  };
}

/** An online link row → the wire link; a restricted one says so (the portal opens it through the server). */
export function presentOnlineLink(row: OnlineLinkRow): OnlineLink {
  return {
    seq_paragrafo: row.seq,
    url: row.url,
    descricao: row.description,
    restrito: row.restricted !== null,
  };
}

/** Copies on the shelf at one library and location → the wire place (decision 0070). */
export function presentShelfPlace(row: ShelfPlaceRow): ShelfPlace {
  return {
    cod_biblioteca: row.library_id,
    desc_biblioteca: row.library_name,
    localizacao: row.location,
    numero_chamada: row.call_number,
    quantidade: row.copies,
  };
}

export function presentCopy(row: CopyRow): Copy {
  return {
    cod_exemplar: row.id,
    cod_biblioteca: row.library_id,
    desc_biblioteca: row.library_name,
    numero: row.number,
    volume: row.volume,
    tomo: row.tome,
    parte: row.part,
    tipo_emprestimo: row.loan_type,
    localizacao: row.location,
    situacao: row.status as CopyStatus,
    data_prevista_devolucao: row.expected_return,
  };
}

export function presentAuthority(
  row: AuthorityRow,
  titles: { id: number; title: string; year: number | null }[],
  total: number,
): Authority {
  return {
    cod_autoridade: row.id,
    tipo: row.type as AuthorityType,
    cabecalho: row.heading,
    remissivas_ver: row.see_from,
    remissivas_ver_tambem: row.see_also,
    notas: row.notes,
    titulos: titles.map((t) => ({ cod_acervo: t.id, titulo: t.title, ano_publicacao: t.year })),
    total_titulos: total,
  };
}

/** Our additional-title kinds → the wire's (contract ADDITIONAL_TITLE_TYPES). */
const ADDITIONAL_TITLE_TYPE: Record<AdditionalTitleKind, AdditionalTitleType> = {
  uniform: 'uniforme',
  translated: 'traduzido',
  varying: 'variante',
  added: 'adicional',
};

/** The additional titles of one title (GET /consulta/titulos-adicionais). */
export function presentAdditionalTitles(
  id: number,
  titles: AdditionalTitle[],
): AdditionalTitlesResponse[number] {
  return {
    cod_acervo: id,
    titulos: titles.map((t) => ({
      tipo: ADDITIONAL_TITLE_TYPE[t.kind],
      titulo: t.title,
      rotulo: t.label,
      idioma: t.language,
    })),
  };
}

/** The image links of a title, the cover first (GET /vinculos/imagem); the stored cover leads when the MARC lacks it. */
export function presentImageLinks(coverUrl: string | null, links: ImageLink[]): ImageLinkResponse[] {
  const images = links.map((l) => ({ url: l.url, descricao: l.description, capa: l.isCover }));
  if (coverUrl && !images.some((image) => image.url === coverUrl))
    images.unshift({ url: coverUrl, descricao: null, capa: true });
  return images;
}
