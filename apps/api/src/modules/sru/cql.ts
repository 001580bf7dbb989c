/**
 * A parser of CQL, the Contextual Query Language of SRU (the Library of Congress CQL 1.2 grammar
 * and CQL 2.0's sortBy), by recursive descent (decision 0066). It only reads the query: what
 * Estante can answer is decided by the translation (translate.ts).
 *
 *   cqlQuery     ::= prefixAssignment cqlQuery | scopedClause [sortby sortSpec]
 *   scopedClause ::= scopedClause booleanGroup searchClause | searchClause
 *   booleanGroup ::= ('and' | 'or' | 'not' | 'prox') modifierList?
 *   searchClause ::= '(' cqlQuery ')' | index relation searchTerm | searchTerm
 *   relation     ::= ('=' | '==' | '<>' | '<' | '>' | '<=' | '>=' | name) modifierList?
 *   modifierList ::= ('/' name (comparitor value)?)+
 *
 * The booleans all bind alike, left to right; keywords are case-insensitive.
 */

/** A relation or boolean modifier: `/stem`, `/distance<3`. */
export interface CqlModifier {
  name: string;
  comparitor?: string;
  value?: string;
}

/** `index relation term`, or a bare term (index and relation null: the server's choice). */
export interface CqlClause {
  kind: 'clause';
  /** Lowercased, with its context set prefix when given (`dc.title`). */
  index: string | null;
  /** Lowercased (`=`, `all`, `adj`…). */
  relation: string | null;
  relationModifiers: CqlModifier[];
  /** The term as written, quotes removed and backslash escapes kept (`dom\*` stays escaped). */
  term: string;
}

/** Two parts joined by a boolean. */
export interface CqlBoolean {
  kind: 'boolean';
  operator: 'and' | 'or' | 'not' | 'prox';
  modifiers: CqlModifier[];
  left: CqlNode;
  right: CqlNode;
}

export type CqlNode = CqlClause | CqlBoolean;

/** A parsed query: its clauses and, when given, its sort keys (CQL 2.0 `sortby`). */
export interface CqlQuery {
  root: CqlNode;
  sortKeys: { index: string; modifiers: CqlModifier[] }[];
}

/** The query is not CQL; `position` is the offset of the token where reading stopped. */
export class CqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

type TokenKind = 'word' | 'quoted' | 'symbol' | '(' | ')' | '/' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  position: number;
}

const SYMBOLS = ['==', '<>', '<=', '>=', '=', '<', '>'];
const BOOLEANS = new Set(['and', 'or', 'not', 'prox']);

/** The query's tokens: words, quoted strings (escapes kept), symbols, parentheses and slashes. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    if (char === '(' || char === ')' || char === '/') {
      tokens.push({ kind: char, text: char, position: i });
      i += 1;
      continue;
    }
    const symbol = SYMBOLS.find((s) => query.startsWith(s, i));
    if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol, position: i });
      i += symbol.length;
      continue;
    }
    if (char === '"') {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= query.length) throw new CqlSyntaxError('A quoted term is not closed.', i);
        const c = query[j]!;
        if (c === '\\' && j + 1 < query.length) {
          // \" is a quote inside the term; other escapes (\*, \?, \\) stay for the term's reader.
          text += query[j + 1] === '"' ? '"' : `\\${query[j + 1]}`;
          j += 2;
          continue;
        }
        if (c === '"') break;
        text += c;
        j += 1;
      }
      tokens.push({ kind: 'quoted', text, position: i });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < query.length && !/[\s()/"=<>]/.test(query[j]!)) j += query[j] === '\\' ? 2 : 1;
    tokens.push({ kind: 'word', text: query.slice(i, Math.min(j, query.length)), position: i });
    i = j;
  }
  tokens.push({ kind: 'end', text: '', position: query.length });
  return tokens;
}

/** Reads a CQL query; throws CqlSyntaxError when it is not one. */
export function parseCql(query: string): CqlQuery {
  const tokens = tokenize(query);
  let at = 0;
  const peek = (offset = 0): Token => tokens[Math.min(at + offset, tokens.length - 1)]!;
  const next = (): Token => tokens[Math.min(at++, tokens.length - 1)]!;
  const isKeyword = (token: Token, words: ReadonlySet<string> | string) =>
    token.kind === 'word' &&
    (typeof words === 'string' ? token.text.toLowerCase() === words : words.has(token.text.toLowerCase()));
  const fail = (message: string, token = peek()): never => {
    throw new CqlSyntaxError(message, token.position);
  };
  const isTerm = (token: Token) => token.kind === 'word' || token.kind === 'quoted';

  const modifiers = (): CqlModifier[] => {
    const list: CqlModifier[] = [];
    while (peek().kind === '/') {
      next();
      const name = next();
      if (name.kind !== 'word') fail('A modifier name is expected after "/".', name);
      const modifier: CqlModifier = { name: name.text.toLowerCase() };
      if (peek().kind === 'symbol') {
        modifier.comparitor = next().text;
        const value = next();
        if (!isTerm(value)) fail('A modifier value is expected.', value);
        modifier.value = value.text;
      }
      list.push(modifier);
    }
    return list;
  };

  const searchClause = (): CqlNode => {
    const token = peek();
    if (token.kind === '(') {
      next();
      const inner = scopedClause();
      if (peek().kind !== ')') fail('A ")" is expected.');
      next();
      return inner;
    }
    if (!isTerm(token))
      fail(token.kind === 'end' ? 'The query ends too soon.' : `"${token.text}" is not expected here.`);
    next();
    const after = peek();
    // A relation follows an index: a symbol, or a name that is neither a boolean nor the end.
    const hasRelation =
      after.kind === 'symbol' ||
      (after.kind === 'word' && !isKeyword(after, BOOLEANS) && !isKeyword(after, 'sortby'));
    if (!hasRelation) {
      return { kind: 'clause', index: null, relation: null, relationModifiers: [], term: token.text };
    }
    if (token.kind === 'quoted') fail('An index name cannot be quoted.', token);
    const relation = next().text.toLowerCase();
    const relationModifiers = modifiers();
    const term = next();
    if (!isTerm(term)) fail('A search term is expected after the relation.', term);
    return { kind: 'clause', index: token.text.toLowerCase(), relation, relationModifiers, term: term.text };
  };

  const scopedClause = (): CqlNode => {
    skipPrefixAssignments();
    let left = searchClause();
    while (isKeyword(peek(), BOOLEANS)) {
      const operator = next().text.toLowerCase() as CqlBoolean['operator'];
      const booleanModifiers = modifiers();
      skipPrefixAssignments();
      const right = searchClause();
      left = { kind: 'boolean', operator, modifiers: booleanModifiers, left, right };
    }
    return left;
  };

  // `> dc = "info:srw/cql-context-set/1/dc-v1.1"`: the context sets are Estante's own names anyway.
  const skipPrefixAssignments = () => {
    while (peek().kind === 'symbol' && peek().text === '>') {
      next();
      const first = next();
      if (!isTerm(first)) fail('A prefix assignment needs a context set identifier.', first);
      if (peek().kind === 'symbol' && peek().text === '=') {
        next();
        const identifier = next();
        if (!isTerm(identifier)) fail('A prefix assignment needs a context set identifier.', identifier);
      }
    }
  };

  if (peek().kind === 'end') fail('The query is empty.');
  const root = scopedClause();
  const sortKeys: CqlQuery['sortKeys'] = [];
  if (isKeyword(peek(), 'sortby')) {
    next();
    while (isTerm(peek())) sortKeys.push({ index: next().text.toLowerCase(), modifiers: modifiers() });
    if (sortKeys.length === 0) fail('sortby needs at least one index.');
  }
  if (peek().kind !== 'end') fail(`"${peek().text}" is not expected here.`);
  return { root, sortKeys };
}
