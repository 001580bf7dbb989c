import type { MarcField, MarcRecord, ReadResult } from '../types.ts';

/** Namespaces whose `record` elements are MARC records (MARCXML and its ISO 25577 twin, MarcXchange). */
export const MARC_NAMESPACES = new Set([
  'http://www.loc.gov/MARC21/slim',
  'info:lc/xmlns/marcxchange-v1',
  'info:lc/xmlns/marcxchange-v2',
]);

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const NO_LEADER = '00000n   a2200000   4500';
// Characters XML 1.0 forbids even when escaped (C0 controls other than tab, LF, CR).
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const FORBIDDEN_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&([^;&\s]*);?/g;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

type Scope = ReadonlyMap<string, string>;

interface StartTag {
  name: string;
  attributes: Map<string, string>;
  isSelfClosing: boolean;
  end: number;
}

class MalformedXml extends Error {}

/**
 * Reads MARCXML records from text fed in chunks.
 *
 * marcjs's MarcxmlParser is not used: it finds records with `indexOf('<record')` and reads
 * tags and indicators at fixed character offsets (`<controlfield tag="` + 19), so it fails on a
 * namespace prefix (`marc:record`), on attributes in another order (`ind1=… tag=…`) and on
 * extra whitespace — all present in our sample files — and it cannot tell a malformed record.
 * This reader resolves namespaces and checks each record's well-formedness instead.
 */
export class MarcXmlReader {
  private text = '';
  private pos = 0;
  private line = 1;
  private position = 0;
  private hasSeenElement = false;
  /** Position of the next newline at or after `pos` (text length if none); -1 when not known. */
  private nextNewline = -1;
  private readonly scopes: Scope[] = [new Map([['xml', XML_NAMESPACE]])];

  /** Reads every complete record in the text so far. */
  *feed(chunk: string): Generator<ReadResult> {
    this.text = this.pos === 0 ? this.text + chunk : this.text.slice(this.pos) + chunk;
    this.pos = 0;
    this.nextNewline = -1;
    yield* this.scan(false);
  }

  /** Reads what is left at the end of the input; reports a record cut off by the end of the file. */
  *finish(): Generator<ReadResult> {
    yield* this.scan(true);
    if (this.position === 0) {
      this.position = 1;
      const reason = this.hasSeenElement
        ? 'no MARCXML record found: expected <record> elements in the namespace http://www.loc.gov/MARC21/slim (or without a namespace)'
        : 'not a MARCXML document: no XML element found';
      yield { ok: false, position: 1, line: 1, reason };
    }
  }

  private *scan(isFinal: boolean): Generator<ReadResult> {
    const text = this.text;
    for (;;) {
      const lt = text.indexOf('<', this.pos);
      if (lt === -1) {
        this.advance(text.length);
        return;
      }
      this.advance(lt);
      const skipped = skipMarkup(text, lt);
      if (skipped === -1) return; // comment or declaration not complete yet
      if (skipped > lt) {
        this.advance(skipped);
        continue;
      }
      if (text.startsWith('</', lt)) {
        const gt = text.indexOf('>', lt);
        if (gt === -1) return;
        if (this.scopes.length > 1) this.scopes.pop();
        this.advance(gt + 1);
        continue;
      }
      const tag = readStartTag(text, lt);
      if (tag === null) {
        if (isFinal) {
          yield this.broken('truncated XML: the file ends inside a tag');
          this.advance(text.length);
        }
        return;
      }
      this.hasSeenElement = true;
      const scope = withDeclarations(this.scopes[this.scopes.length - 1]!, tag.attributes);
      const { local, namespace } = resolve(tag.name, scope, false);
      if (local === 'record' && (namespace === '' || MARC_NAMESPACES.has(namespace))) {
        const next = yield* this.readRecordElement(tag, scope, isFinal);
        if (next === -1) return;
        this.advance(next);
        continue;
      }
      if (!tag.isSelfClosing) this.scopes.push(scope);
      this.advance(tag.end);
    }
  }

  /** Reads the record element opened by `tag`; returns where scanning goes on, or -1 to wait for more text. */
  private *readRecordElement(tag: StartTag, scope: Scope, isFinal: boolean): Generator<ReadResult, number> {
    const text = this.text;
    if (tag.isSelfClosing) {
      yield this.broken('empty record element');
      return tag.end;
    }
    const close = findTag(text, `</${tag.name}`, tag.end);
    const nextOpen = findTag(text, `<${tag.name}`, tag.end);
    if (nextOpen !== -1 && (close === -1 || nextOpen < close)) {
      yield this.broken(`malformed XML: the record has no </${tag.name}> before the next record starts`);
      return nextOpen;
    }
    if (close === -1) {
      if (!isFinal) return -1;
      yield this.broken(`truncated XML: the file ends before </${tag.name}>`);
      return text.length;
    }
    const closeEnd = text.indexOf('>', close);
    if (closeEnd === -1) {
      if (!isFinal) return -1;
      yield this.broken(`truncated XML: the file ends before </${tag.name}>`);
      return text.length;
    }
    const body = text.slice(tag.end, close);
    try {
      const { record, warnings } = parseRecordBody(body, scope, resolve(tag.name, scope, false).namespace);
      this.position += 1;
      yield { ok: true, position: this.position, line: this.line, record, warnings };
    } catch (error) {
      if (!(error instanceof MalformedXml)) throw error;
      yield this.broken(error.message);
    }
    return closeEnd + 1;
  }

  private broken(reason: string): ReadResult {
    this.position += 1;
    return { ok: false, position: this.position, line: this.line, reason };
  }

  /**
   * Moves the scan position forward, counting the newlines passed over for line numbers. The next
   * newline is remembered: MARCXML exported on one line would otherwise be rescanned on every call.
   */
  private advance(to: number): void {
    if (this.nextNewline === -1 || this.nextNewline < this.pos) this.nextNewline = this.findNewline(this.pos);
    while (this.nextNewline < to) {
      this.line += 1;
      this.nextNewline = this.findNewline(this.nextNewline + 1);
    }
    this.pos = to;
  }

  /** The next '\n' from `from`, or the text length when there is none. */
  private findNewline(from: number): number {
    const at = this.text.indexOf('\n', from);
    return at === -1 ? this.text.length : at;
  }
}

type Role = 'leader' | 'controlfield' | 'datafield' | 'subfield' | 'other';

interface OpenElement {
  name: string;
  scope: Scope;
  role: Role;
  field?: MarcField;
  subfield?: { code: string; value: string };
}

/** Parses the content of one record element into a MarcRecord; throws MalformedXml on bad XML. */
function parseRecordBody(
  body: string,
  recordScope: Scope,
  recordNamespace: string,
): { record: MarcRecord; warnings: string[] } {
  const forbidden = FORBIDDEN_CHARACTER.exec(body);
  if (forbidden) {
    const code = forbidden[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new MalformedXml(
      `malformed XML: control character U+${code} (not allowed in XML) ${describeContext(body, forbidden.index)}`,
    );
  }
  const fields: MarcField[] = [];
  let leader: string | null = null;
  const stack: OpenElement[] = [];
  let text = '';
  let pos = 0;
  const isMarc = (namespace: string) => namespace === recordNamespace || MARC_NAMESPACES.has(namespace);
  const collectsText = () => {
    const role = stack[stack.length - 1]?.role;
    return role === 'leader' || role === 'controlfield' || role === 'subfield';
  };
  const close = (element: OpenElement, value: string) => {
    if (element.role === 'leader') leader = value;
    else if (element.role === 'controlfield' && element.field) element.field.value = value.normalize('NFC');
    else if (element.role === 'subfield' && element.subfield) element.subfield.value = value.normalize('NFC');
  };

  for (;;) {
    const lt = body.indexOf('<', pos);
    const textEnd = lt === -1 ? body.length : lt;
    if (textEnd > pos) {
      // Decoded even between elements, so that a stray '&' is reported.
      const decoded = decodeEntities(body.slice(pos, textEnd));
      if (collectsText()) text += decoded;
    }
    if (lt === -1) break;
    if (body.startsWith('<![CDATA[', lt)) {
      const end = body.indexOf(']]>', lt);
      if (end === -1) throw new MalformedXml('malformed XML: unterminated CDATA section');
      if (collectsText()) text += body.slice(lt + 9, end);
      pos = end + 3;
      continue;
    }
    const skipped = skipMarkup(body, lt);
    if (skipped === -1)
      throw new MalformedXml('malformed XML: unterminated comment or processing instruction');
    if (skipped > lt) {
      pos = skipped;
      continue;
    }
    if (body.startsWith('</', lt)) {
      const gt = body.indexOf('>', lt);
      if (gt === -1) throw new MalformedXml('malformed XML: unterminated end tag');
      const name = body.slice(lt + 2, gt).trim();
      const open = stack.pop();
      if (!open || open.name !== name) {
        throw new MalformedXml(
          `malformed XML: </${name}> does not close ${open ? `<${open.name}>` : 'any open element'}`,
        );
      }
      if (open.role !== 'other' && open.role !== 'datafield') close(open, text);
      text = '';
      pos = gt + 1;
      continue;
    }
    const tag = readStartTag(body, lt);
    if (tag === null) throw new MalformedXml('malformed XML: unterminated start tag');
    pos = tag.end;
    const parent = stack[stack.length - 1];
    const scope = withDeclarations(parent?.scope ?? recordScope, tag.attributes);
    const { local, namespace } = resolve(tag.name, scope, true);
    const element: OpenElement = { name: tag.name, scope, role: 'other' };
    if (isMarc(namespace) && parent === undefined) {
      if (local === 'leader') element.role = 'leader';
      else if (local === 'controlfield') {
        element.role = 'controlfield';
        element.field = { tag: requireAttribute(tag, 'tag', local), value: '' };
        fields.push(element.field);
      } else if (local === 'datafield') {
        element.role = 'datafield';
        element.field = {
          tag: requireAttribute(tag, 'tag', local),
          ind1: indicator(tag.attributes.get('ind1')),
          ind2: indicator(tag.attributes.get('ind2')),
          subfields: [],
        };
        fields.push(element.field);
      }
    } else if (isMarc(namespace) && parent?.role === 'datafield' && local === 'subfield') {
      element.role = 'subfield';
      element.subfield = { code: tag.attributes.get('code') ?? '', value: '' };
      parent.field?.subfields?.push(element.subfield);
    }
    text = '';
    if (tag.isSelfClosing) close(element, '');
    else stack.push(element);
  }
  if (stack.length > 0)
    throw new MalformedXml(`malformed XML: <${stack[stack.length - 1]!.name}> is not closed`);
  return finishRecord(leader, fields);
}

function finishRecord(
  leader: string | null,
  fields: MarcField[],
): { record: MarcRecord; warnings: string[] } {
  const warnings: string[] = [];
  let finalLeader = leader ?? NO_LEADER;
  if (leader === null) warnings.push('the record has no leader; a blank one was used');
  else if (leader.length !== 24) {
    warnings.push(
      `the leader is ${leader.length} characters long instead of 24; it was ${leader.length < 24 ? 'padded' : 'cut'}`,
    );
    finalLeader = leader.padEnd(24, ' ').slice(0, 24);
  }
  // MARCXML is Unicode whatever leader/09 says.
  finalLeader = `${finalLeader.slice(0, 9)}a${finalLeader.slice(10)}`;
  return { record: { leader: finalLeader, fields }, warnings };
}

function requireAttribute(tag: StartTag, attribute: string, element: string): string {
  const value = tag.attributes.get(attribute);
  if (value === undefined || value === '')
    throw new MalformedXml(`malformed MARCXML: <${element}> without a ${attribute} attribute`);
  return value;
}

function indicator(value: string | undefined): string {
  return value === undefined || value === '' ? ' ' : value.slice(0, 1);
}

/** Decodes the predefined and numeric character references; anything else is not well-formed. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (!whole.endsWith(';'))
      throw new MalformedXml(`malformed XML: "&" not part of an entity ("${whole.slice(0, 12)}")`);
    const predefined = PREDEFINED_ENTITIES[name];
    if (predefined !== undefined) return predefined;
    const code = name.startsWith('#x')
      ? parseInt(name.slice(2), 16)
      : name.startsWith('#')
        ? parseInt(name.slice(1), 10)
        : NaN;
    if (Number.isNaN(code)) throw new MalformedXml(`malformed XML: unknown entity &${name};`);
    const isAllowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!isAllowed)
      throw new MalformedXml(`malformed XML: character reference &${name}; is not allowed in XML`);
    return String.fromCodePoint(code);
  });
}

/** Skips a comment, processing instruction, CDATA or DOCTYPE at `lt`: returns its end, `lt` if it is none, -1 if incomplete. */
function skipMarkup(text: string, lt: number): number {
  const next = text.charCodeAt(lt + 1);
  if (next === 0x3f /* ? */) return endAfter(text, '?>', lt + 2);
  if (next !== 0x21 /* ! */) return lt;
  if (text.startsWith('<!--', lt)) return endAfter(text, '-->', lt + 4);
  if (text.startsWith('<![CDATA[', lt)) return endAfter(text, ']]>', lt + 9);
  const bracket = text.indexOf('[', lt);
  const gt = text.indexOf('>', lt);
  if (gt === -1) return -1;
  return bracket !== -1 && bracket < gt ? endAfter(text, ']>', bracket) : gt + 1;
}

function endAfter(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at === -1 ? -1 : at + terminator.length;
}

/** Reads the start tag at `lt`, or returns null when its closing '>' is not in the text yet. */
function readStartTag(text: string, lt: number): StartTag | null {
  let i = lt + 1;
  let quote = 0;
  for (; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) break;
  }
  if (i >= text.length) return null;
  const isSelfClosing = text.charCodeAt(i - 1) === 0x2f;
  const inner = text.slice(lt + 1, isSelfClosing ? i - 1 : i);
  const nameEnd = inner.search(/[\s/]|$/);
  const name = inner.slice(0, nameEnd);
  if (name === '') throw new MalformedXml('malformed XML: "<" without an element name');
  const attributes = new Map<string, string>();
  if (nameEnd < inner.length) {
    for (const match of inner.slice(nameEnd).matchAll(ATTRIBUTE)) {
      attributes.set(match[1]!, decodeEntities(match[2] ?? match[3] ?? ''));
    }
  }
  return { name, attributes, isSelfClosing, end: i + 1 };
}

/** Finds `<name` or `</name` followed by a name boundary, from `from`. */
function findTag(text: string, start: string, from: number): number {
  let at = text.indexOf(start, from);
  while (at !== -1) {
    const after = text.charCodeAt(at + start.length);
    if (
      after === 0x3e ||
      after === 0x2f ||
      after === 0x20 ||
      after === 0x0a ||
      after === 0x0d ||
      after === 0x09
    )
      return at;
    at = text.indexOf(start, at + 1);
  }
  return -1;
}

function withDeclarations(parent: Scope, attributes: Map<string, string>): Scope {
  let scope: Map<string, string> | null = null;
  for (const [name, value] of attributes) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    scope ??= new Map(parent);
    scope.set(name === 'xmlns' ? '' : name.slice(6), value);
  }
  return scope ?? parent;
}

function resolve(name: string, scope: Scope, isStrict: boolean): { local: string; namespace: string } {
  const colon = name.indexOf(':');
  if (colon === -1) return { local: name, namespace: scope.get('') ?? '' };
  const prefix = name.slice(0, colon);
  const namespace = scope.get(prefix);
  if (namespace === undefined && isStrict)
    throw new MalformedXml(`malformed XML: namespace prefix "${prefix}" is not declared`);
  return { local: name.slice(colon + 1), namespace: namespace ?? `undeclared:${prefix}` };
}

function describeContext(body: string, index: number): string {
  const lt = body.lastIndexOf('<', index);
  if (lt === -1) return '';
  const gt = body.indexOf('>', lt);
  const tag = body.slice(lt, gt === -1 ? lt + 40 : Math.min(gt + 1, lt + 60));
  return `in ${tag.replace(/\s+/g, ' ')}`;
}
