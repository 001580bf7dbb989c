import { titleIdOfPagePath, titlePagePath, type Title } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import type { PageHead } from '../../plugins/web-app.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { findCopies, findOnlineLinks, findTitle, findTitleAuthorities } from './repository.ts';
import { escapeHtml, presentTitle } from './presenters.ts';

/** Link previews cut a description about here; a whole word ends it. */
const DESCRIPTION_LENGTH = 200;

/** Work types that are books for schema.org; everything else is a CreativeWork. */
const BOOK_TYPES = new Set(['LIVRO', 'EBOOK', 'TESE']);
/** MARC language codes (ISO 639-2/B) → the BCP 47 tag schema.org's inLanguage expects. */
const LANGUAGE_TAGS: Record<string, string> = {
  por: 'pt',
  eng: 'en',
  spa: 'es',
  fre: 'fr',
  ita: 'it',
  ger: 'de',
  lat: 'la',
};

/**
 * JSON inside `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes, so a
 * `</script>` or `<!--` in a title stays text; U+2028/2029 escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}

/** One line on the record for search results and link previews: author, publication, edition, subjects. */
export function recordDescription(title: Title): string {
  const parts = [title.autor, title.publicacao, title.edicao, title.descricao_fisica, title.assunto]
    .map((part) => part?.trim().replace(/[.\s]+$/, ''))
    .filter((part): part is string => Boolean(part));
  return shorten(parts.length > 0 ? `${parts.join('. ')}.` : title.titulo, DESCRIPTION_LENGTH);
}

/** The schema.org description of a record (JSON-LD): a Book for books, else a CreativeWork. */
export function recordJsonLd(
  title: Title,
  pageUrl: string,
  imageUrl: string | null,
): Record<string, unknown> {
  // The main entry is the author; the other names (translators, editors, illustrators…) contributed.
  const contributors = title.autores.map((a) => a.nome).filter((name) => name !== title.autor);
  const publisher = title.publicacao?.split(':').slice(1).join(':').split(',')[0]?.trim();
  const language = title.idioma ? (LANGUAGE_TAGS[title.idioma] ?? title.idioma) : null;
  return {
    '@context': 'https://schema.org',
    '@type': BOOK_TYPES.has(title.cod_tipo_obra ?? '') ? 'Book' : 'CreativeWork',
    '@id': pageUrl,
    url: pageUrl,
    name: title.titulo,
    ...(title.autor ? { author: [{ '@type': 'Person', name: title.autor }] } : {}),
    ...(contributors.length > 0
      ? { contributor: contributors.map((name) => ({ '@type': 'Person', name })) }
      : {}),
    ...(title.ano_publicacao ? { datePublished: String(title.ano_publicacao) } : {}),
    ...(title.isbn.length > 0 ? { isbn: title.isbn[0] } : {}),
    ...(language ? { inLanguage: language } : {}),
    ...(publisher ? { publisher: { '@type': 'Organization', name: publisher } } : {}),
    ...(title.edicao ? { bookEdition: title.edicao } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    description: recordDescription(title),
  };
}

/** The `<head>` tags of a record page: title, description, canonical address, Open Graph, JSON-LD. */
export function recordHead(title: Title, origin: string): string {
  const pageUrl = `${origin}${titlePagePath(title.cod_acervo)}`;
  const imageUrl = title.link_capa ? new URL(title.link_capa, `${origin}/`).href : null;
  const name = title.autor ? `${title.titulo} — ${title.autor}` : title.titulo;
  const description = recordDescription(title);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(name)}</title>`,
    // Marked as the page's own: the app keeps index.html's description in the interface language, not this.
    `<meta name="description" content="${escapeHtml(description)}" data-page-metadata>`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:type', BOOK_TYPES.has(title.cod_tipo_obra ?? '') ? 'book' : 'website'),
    meta('property', 'og:title', title.titulo),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(imageUrl ? [meta('property', 'og:image', imageUrl)] : []),
    `<script type="application/ld+json" data-page-metadata>${jsonForScript(recordJsonLd(title, pageUrl, imageUrl))}</script>`,
  ].join('\n    ');
}

/** The record as the record API shows it (GET /acervo/{id}), or null when there is none. */
export async function findPresentedTitle(
  db: Db,
  id: number,
  language: ServerLanguage,
): Promise<Title | null> {
  const row = await findTitle(db, id, language);
  if (!row) return null;
  const [authorities, links, copies] = await Promise.all([
    findTitleAuthorities(db, row.id),
    findOnlineLinks(db, row.id),
    findCopies(db, row.id),
  ]);
  return presentTitle(row, authorities, links, copies);
}

/**
 * The head tags of the record pages (`/acervo/{id}` and its tabs) for the web app's index.html:
 * null (404) for an id with no record, undefined for any other address.
 */
export function recordPageHead(db: Db): PageHead {
  return async (request, pathname) => {
    const id = titleIdOfPagePath(pathname);
    if (id === undefined || id === null) return id;
    const title = await findPresentedTitle(db, id, request.language);
    // Behind a proxy, the address the visitor used (TRUST_PROXY decides whose X-Forwarded-* counts).
    return title ? recordHead(title, `${request.protocol}://${request.host}`) : null;
  };
}
