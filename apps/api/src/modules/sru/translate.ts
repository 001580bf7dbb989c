import type { AdvancedRow, SearchType, TermType } from '@estante/contract';
import { compactIdentifier, formatIssn, toIsbn13 } from '../search/isbn.ts';
import type { CqlClause, CqlNode, CqlQuery } from './cql.ts';
import { DIAGNOSTICS as D, fail } from './diagnostics.ts';

/**
 * CQL translated into the catalogue search's own query (decision 0066): the first term with its
 * search type and term type, then advanced rows joined by E / OU / NAO, read left to right, as
 * /api/consulta takes them. So an SRU search and the same catalogue search count the same titles.
 */

/** One term of the catalogue search: its field, its text and how the words must match. */
export interface CatalogueTerm {
  type: SearchType;
  text: string;
  termType: TermType;
}

/** A query the catalogue search answers: `first`, then each row applied in turn. */
export interface CatalogueQuery {
  first: CatalogueTerm;
  rows: AdvancedRow[];
}

/** What a CQL query asks for: a catalogue search, or one title by its identifier (rec.identifier). */
export type Translation =
  { kind: 'search'; query: CatalogueQuery } | { kind: 'identifier'; id: number | null };

/** The context sets Estante knows, by the prefix it accepts for each. */
export const CONTEXT_SETS = {
  cql: 'info:srw/cql-context-set/1/cql-v1.2',
  dc: 'info:srw/cql-context-set/1/dc-v1.1',
  bath: 'http://zing.z3950.org/cql/bath/2.0/',
  rec: 'info:srw/cql-context-set/2/rec-1.1',
} as const;

type IndexKind = 'field' | 'isbn' | 'issn' | 'identifier';
/** The indexes Estante answers, by their prefixed name, with the catalogue's search type. */
export const INDEXES: Record<string, { kind: IndexKind; type: SearchType }> = {
  'cql.serverchoice': { kind: 'field', type: 'livre' },
  'cql.anywhere': { kind: 'field', type: 'livre' },
  'dc.title': { kind: 'field', type: 'titulo' },
  'dc.creator': { kind: 'field', type: 'autor' },
  'dc.subject': { kind: 'field', type: 'assunto' },
  'bath.isbn': { kind: 'isbn', type: 'livre' },
  'bath.issn': { kind: 'issn', type: 'livre' },
  'rec.identifier': { kind: 'identifier', type: 'livre' },
};

/** Relations answered; `=` is the server's choice: the catalogue's own (every word, anywhere in the field). */
export const RELATIONS = ['=', 'all', 'any', 'adj', '=='] as const;

/** The most rows /api/consulta takes after the first (contract `linha`). */
export const MAX_ROWS = 10;
/** The longest term /api/consulta takes. */
export const MAX_TERM = 500;

/** Reads a parsed CQL query as a catalogue search; throws SruFailure with the diagnostic when it cannot. */
export function translateCql(query: CqlQuery): Translation {
  if (query.sortKeys.length > 0)
    fail(D.sortUnsupported, 'Results come in the catalogue’s relevance order; sortby is not supported.');
  if (query.root.kind === 'clause' && indexOf(query.root).kind === 'identifier')
    return { kind: 'identifier', id: identifierOf(query.root) };
  const tree = toTree(query.root);
  if (countTerms(tree) - 1 > MAX_ROWS)
    fail(D.tooManyBooleans, `At most ${MAX_ROWS} boolean operators per query.`, String(MAX_ROWS));
  const chains = flatten(tree);
  if (chains.length === 0)
    fail(
      D.unsupportedParentheses,
      'This grouping cannot be searched: the catalogue joins terms one after another, left to right.',
    );
  // A phrase or a truncated term can only be the catalogue search's first term.
  const chain = chains.find((c) => c.slice(1).every((link) => link.term.termType === 'qualquer'));
  if (!chain)
    fail(
      D.queryFeatureUnsupported,
      'Only one phrase (adj, ==) or truncated term per query, and not under not.',
    );
  const [first, ...rest] = chain;
  return {
    kind: 'search',
    query: {
      first: first!.term,
      rows: rest.map((link) => ({ operador: link.operator!, campo: link.term.type, termo: link.term.text })),
    },
  };
}

/** A boolean tree of catalogue terms. */
export type Tree =
  { kind: 'term'; term: CatalogueTerm } | { kind: 'and' | 'or' | 'not'; left: Tree; right: Tree };

/** One step of a chain: the term and the operator joining it to what comes before (none for the first). */
interface Link {
  operator: 'E' | 'OU' | 'NAO' | null;
  term: CatalogueTerm;
}

const countTerms = (tree: Tree): number =>
  tree.kind === 'term' ? 1 : countTerms(tree.left) + countTerms(tree.right);

const OPERATOR = { and: 'E', or: 'OU', not: 'NAO' } as const;

function toTree(node: CqlNode): Tree {
  if (node.kind === 'clause') return clauseTree(node);
  if (node.operator === 'prox') fail(D.unsupportedBoolean, 'prox is not supported.', 'prox');
  if (node.modifiers.length > 0)
    fail(D.unsupportedBooleanModifier, 'Boolean modifiers are not supported.', node.modifiers[0]!.name);
  return { kind: node.operator, left: toTree(node.left), right: toTree(node.right) };
}

/** Chains built so far are cut at this many, so that a long query cannot take long to read. */
const MAX_CHAINS = 64;

/**
 * Every way (up to MAX_CHAINS) of writing the tree as a chain read left to right, using that and
 * and or may swap sides and regroup, that `x and (y and z)` is `x and y and z`, that
 * `x and (y not z)` is `x and y not z`, and that `x not (y or z)` is `x not y not z`.
 * Empty when the tree has no such form, as `(a or b) and (c or d)`.
 */
export function flatten(tree: Tree): Link[][] {
  if (tree.kind === 'term') return [[{ operator: null, term: tree.term }]];
  const out: Link[][] = [];
  const attempt = (left: Tree, right: Tree) => {
    for (const chain of flatten(left)) {
      for (const joined of append(chain, tree.kind as 'and' | 'or' | 'not', right)) {
        if (out.length < MAX_CHAINS) out.push(joined);
      }
    }
  };
  attempt(tree.left, tree.right);
  if (tree.kind !== 'not') attempt(tree.right, tree.left);
  return out;
}

/** The chains `chain op tree` can be written as. */
function append(chain: Link[], op: 'and' | 'or' | 'not', tree: Tree): Link[][] {
  if (tree.kind === 'term') return [[...chain, { operator: OPERATOR[op], term: tree.term }]];
  // x and (y and z) = x and y and z; x and (y not z) = x and y not z; x or (y or z) = x or y or z;
  // x not (y or z) = x not y not z. Nothing else regroups.
  const regroups =
    (op === 'and' && (tree.kind === 'and' || tree.kind === 'not')) ||
    (op === 'or' && tree.kind === 'or') ||
    (op === 'not' && tree.kind === 'or');
  if (!regroups) return [];
  const secondOp = op === 'not' ? 'not' : tree.kind;
  const orders: [Tree, Tree][] =
    tree.kind === 'not'
      ? [[tree.left, tree.right]]
      : [
          [tree.left, tree.right],
          [tree.right, tree.left],
        ];
  const out: Link[][] = [];
  for (const [a, b] of orders)
    for (const withA of append(chain, op, a)) out.push(...append(withA, secondOp, b));
  return out.slice(0, MAX_CHAINS);
}

function indexOf(clause: CqlClause): { kind: IndexKind; type: SearchType } {
  const name = clause.index ?? 'cql.serverchoice';
  const dot = name.indexOf('.');
  if (dot < 0) {
    // Without a prefix, the first context set that has the index (cql, dc, bath, rec).
    const found = Object.keys(CONTEXT_SETS)
      .map((set) => INDEXES[`${set}.${name}`])
      .find(Boolean);
    if (!found) fail(D.unsupportedIndex, `The index "${name}" is not supported.`, name);
    return found;
  }
  const prefix = name.slice(0, dot);
  if (!Object.hasOwn(CONTEXT_SETS, prefix))
    fail(D.unsupportedContextSet, `The context set "${prefix}" is not supported.`, prefix);
  const index = INDEXES[name];
  if (!index) fail(D.unsupportedIndex, `The index "${name}" is not supported.`, name);
  return index;
}

/** The term with its escapes read, and whether it ends with the truncation mask `*`. */
export function readTerm(written: string): { text: string; truncated: boolean } {
  const raw = written.trim();
  let text = '';
  let truncated = false;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i]!;
    if (char === '\\' && i + 1 < raw.length) {
      text += raw[i + 1];
      i += 1;
      continue;
    }
    if (char === '?') fail(D.maskingNotSupported, 'The single-character mask "?" is not supported.', '?');
    if (char === '^') fail(D.anchoringNotSupported, 'Anchoring ("^") is not supported.', '^');
    if (char === '*') {
      if (i !== raw.length - 1 || raw.length === 1)
        fail(D.maskingInUnsupportedPosition, 'Only right truncation ("term*") is supported.', '*');
      truncated = true;
      continue;
    }
    text += char;
  }
  return { text: text.trim().replace(/\s+/g, ' '), truncated };
}

function clauseTree(clause: CqlClause): Tree {
  const index = indexOf(clause);
  if (index.kind === 'identifier')
    fail(D.unsupportedIndexCombination, 'rec.identifier can only be searched alone.', 'rec.identifier');
  const relation = relationOf(clause);
  const { text, truncated } = readTerm(clause.term);
  if (text === '') fail(D.emptyTerm, 'The search term is empty.');
  if (text.length > MAX_TERM)
    fail(D.tooManyCharactersInTerm, `A term has at most ${MAX_TERM} characters.`, String(MAX_TERM));
  if (index.kind === 'isbn' || index.kind === 'issn') {
    if (relation !== '=' && relation !== '==')
      fail(D.unsupportedRelationAndIndex, `${clause.index} takes the relations = and ==.`, relation);
    if (truncated) fail(D.maskingNotSupported, `${clause.index} takes whole numbers only.`, '*');
    const compact = compactIdentifier(text);
    const valid = index.kind === 'isbn' ? compact !== null && compact.length >= 10 : compact?.length === 8;
    if (!valid || compact === null)
      fail(D.termInvalidForIndex, `"${text}" is not an ${index.kind === 'isbn' ? 'ISBN' : 'ISSN'}.`, text);
    // The catalogue's free search finds a title by its ISBN (stored as ISBN-13) or ISSN (NNNN-NNNN).
    const number = index.kind === 'isbn' ? toIsbn13(compact) : formatIssn(compact);
    return { kind: 'term', term: { type: 'livre', text: number, termType: 'qualquer' } };
  }
  if (truncated) {
    // Right truncation is the catalogue's "starts with" (inicio): the field begins with the text.
    if (relation === 'any')
      fail(D.unsupportedRelationAndTerm, 'Truncation cannot be combined with any.', relation);
    return { kind: 'term', term: { type: index.type, text, termType: 'inicio' } };
  }
  const words = text.split(' ');
  if (relation === 'any' && words.length > 1) {
    // Any of the words: each word a term, joined by or.
    return words
      .map((word): Tree => ({ kind: 'term', term: { type: index.type, text: word, termType: 'qualquer' } }))
      .reduce((left, right) => ({ kind: 'or', left, right }));
  }
  const phrase = (relation === 'adj' || relation === '==') && words.length > 1;
  return { kind: 'term', term: { type: index.type, text, termType: phrase ? 'exata' : 'qualquer' } };
}

function relationOf(clause: CqlClause): string {
  const relation = clause.relation ?? '=';
  if (!(RELATIONS as readonly string[]).includes(relation))
    fail(D.unsupportedRelation, `The relation "${relation}" is not supported.`, relation);
  if (clause.relationModifiers.length > 0)
    fail(
      D.unsupportedRelationModifier,
      'Relation modifiers are not supported.',
      clause.relationModifiers[0]!.name,
    );
  return relation;
}

/** The title id rec.identifier names (= or ==), or null when it names none. */
function identifierOf(clause: CqlClause): number | null {
  const relation = relationOf(clause);
  if (relation !== '=' && relation !== '==')
    fail(D.unsupportedRelationAndIndex, 'rec.identifier takes the relations = and ==.', relation);
  const { text, truncated } = readTerm(clause.term);
  if (truncated) fail(D.maskingNotSupported, 'rec.identifier takes whole identifiers only.', '*');
  if (text === '') fail(D.emptyTerm, 'The search term is empty.');
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}
