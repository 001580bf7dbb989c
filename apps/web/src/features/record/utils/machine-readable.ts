import type { Title } from '@estante/contract';

/** schema.org type of each work type (migration 0001 `work_type`); CreativeWork for the rest. */
const SCHEMA_TYPES: Record<string, string> = {
  LIVRO: 'Book',
  EBOOK: 'Book',
  AUDIOLIVRO: 'Audiobook',
  PERIODICO: 'Periodical',
  ARTIGO: 'ScholarlyArticle',
  TESE: 'Thesis',
  PARTITURA: 'SheetMusic',
  MAPA: 'Map',
  VIDEO: 'VideoObject',
  GRAVACAO_SONORA: 'AudioObject',
  MUSICA_GRAVADA: 'MusicRecording',
  MANUSCRITO: 'Manuscript',
  IMAGEM: 'ImageObject',
};

/** MARC language codes → BCP 47, for the languages the catalogue names (others are left out). */
const LANGUAGE_TAGS: Record<string, string> = {
  por: 'pt',
  eng: 'en',
  spa: 'es',
  fre: 'fr',
  ger: 'de',
  ita: 'it',
  rus: 'ru',
  dut: 'nl',
  lat: 'la',
  jpn: 'ja',
  chi: 'zh',
  ara: 'ar',
  heb: 'he',
  gre: 'el',
};

/** Authors as the reference managers expect them: main and added authors, without relator terms. */
function authorNames(title: Title): string[] {
  const names = title.autores.map((author) => author.nome.trim()).filter(Boolean);
  if (names.length === 0 && title.autor) names.push(title.autor);
  return [...new Set(names)];
}

/** A heading "Surname, Forename, dates" is a person; a heading without a comma is an organisation. */
function agent(name: string): { '@type': 'Person' | 'Organization'; name: string } {
  return { '@type': name.includes(',') ? 'Person' : 'Organization', name };
}

/**
 * schema.org description of a title as JSON-LD (search engines, Zotero's "Embedded Metadata"):
 * type from the work type, name, authors, date, edition, identifiers, language, subjects, cover.
 */
export function titleJsonLd(title: Title, permalink: string): Record<string, unknown> {
  const type = (title.cod_tipo_obra && SCHEMA_TYPES[title.cod_tipo_obra]) || 'CreativeWork';
  const language = title.idioma ? LANGUAGE_TAGS[title.idioma] : undefined;
  const authors = authorNames(title).map(agent);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': permalink,
    url: permalink,
    name: title.titulo,
  };
  if (authors.length) data.author = authors.length === 1 ? authors[0] : authors;
  if (title.ano_publicacao !== null) data.datePublished = String(title.ano_publicacao);
  if (title.edicao) data[type === 'Book' ? 'bookEdition' : 'version'] = title.edicao;
  if (title.isbn.length && (type === 'Book' || type === 'Audiobook'))
    data.isbn = title.isbn.length === 1 ? title.isbn[0] : title.isbn;
  if (title.issn.length) data.issn = title.issn.length === 1 ? title.issn[0] : title.issn;
  if (language) data.inLanguage = language;
  if (title.assuntos.length) data.about = title.assuntos.map((subject) => subject.termo);
  if (title.link_capa) data.image = title.link_capa;
  if (title.cod_tipo_obra === 'EBOOK') data.bookFormat = 'https://schema.org/EBook';
  if (title.links.length) data.sameAs = title.links.map((link) => link.url);
  if (title.possui_acessibilidade === 'S') data.accessibilityFeature = ['alternativeText'];
  return data;
}

/** JSON for a `<script type="application/ld+json">`: a "</script>" in the data cannot close the tag. */
export function serialiseJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * COinS (OpenURL 1.0 ContextObject in a span, Z39.88-2004 KEV) for reference managers that read
 * it (Zotero, Mendeley, link resolvers): book, journal, article or dissertation by work type, else
 * Dublin Core. Values are percent-encoded; keys may repeat (one rft.au per author).
 */
export function titleCoins(title: Title, permalink: string): string {
  const pairs: [string, string][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rfr_id', 'info:sid/estante'],
    ['rft_id', permalink],
  ];
  const authors = authorNames(title);
  const year = title.ano_publicacao === null ? null : String(title.ano_publicacao);
  const add = (key: string, value: string | null | undefined) => {
    if (value) pairs.push([key, value]);
  };
  switch (title.cod_tipo_obra) {
    case 'PERIODICO':
      pairs.push(['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'], ['rft.genre', 'journal']);
      add('rft.jtitle', title.titulo);
      for (const issn of title.issn) add('rft.issn', issn);
      break;
    case 'ARTIGO':
      pairs.push(['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'], ['rft.genre', 'article']);
      add('rft.atitle', title.titulo);
      for (const author of authors) add('rft.au', author);
      for (const issn of title.issn) add('rft.issn', issn);
      break;
    case 'TESE':
      pairs.push(['rft_val_fmt', 'info:ofi/fmt:kev:mtx:dissertation']);
      add('rft.title', title.titulo);
      for (const author of authors) add('rft.au', author);
      break;
    case 'LIVRO':
    case 'EBOOK':
    case 'AUDIOLIVRO':
      pairs.push(['rft_val_fmt', 'info:ofi/fmt:kev:mtx:book'], ['rft.genre', 'book']);
      add('rft.btitle', title.titulo);
      for (const author of authors) add('rft.au', author);
      add('rft.edition', title.edicao);
      add('rft.series', title.serie);
      for (const isbn of title.isbn) add('rft.isbn', isbn);
      break;
    default:
      pairs.push(['rft_val_fmt', 'info:ofi/fmt:kev:mtx:dc']);
      add('rft.title', title.titulo);
      for (const author of authors) add('rft.creator', author);
      add('rft.type', title.desc_tipo_obra);
      for (const subject of title.assuntos) add('rft.subject', subject.termo);
  }
  add('rft.date', year);
  if (title.cod_tipo_obra !== 'PERIODICO') add('rft.language', title.idioma);
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}
