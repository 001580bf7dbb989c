import { XMLParser } from 'fast-xml-parser';
import type { MarcField, MarcRecord } from '@estante/marc';

/** A repository's datestamp granularity (OAI-PMH §3.3.2): days, or seconds in UTC. */
export type Granularity = 'YYYY-MM-DD' | 'YYYY-MM-DDThh:mm:ssZ';

/** The Dublin Core elements of one oai_dc record, each as the values it had, in order. */
export type DublinCoreValues = Partial<Record<DublinCoreElementName, string[]>>;

/** The fifteen elements of simple Dublin Core. */
export const DUBLIN_CORE_ELEMENTS = [
  'title',
  'creator',
  'subject',
  'description',
  'publisher',
  'contributor',
  'date',
  'type',
  'format',
  'identifier',
  'source',
  'language',
  'relation',
  'coverage',
  'rights',
] as const;
export type DublinCoreElementName = (typeof DUBLIN_CORE_ELEMENTS)[number];

/** What one record of a ListRecords answer carries. */
export type OaiMetadata =
  | { format: 'marc21'; record: MarcRecord }
  | { format: 'oai_dc'; values: DublinCoreValues }
  | { format: 'unreadable'; reason: string };

/** One record of a ListRecords page: its header, and its metadata unless it is deleted. */
export interface OaiItem {
  identifier: string;
  datestamp: string;
  isDeleted: boolean;
  /** Absent on a deleted record. */
  metadata?: OaiMetadata;
}

/** One OAI-PMH answer, read. */
export interface OaiAnswer {
  responseDate: string;
  /** Protocol errors (§3.6); `noRecordsMatch` is an empty list, not a failure. */
  errors: { code: string; message: string }[];
  items: OaiItem[];
  /** The token of the next page; absent or empty on the last one. */
  resumptionToken?: string;
  /** Identify's granularity, when the answer is to Identify. */
  granularity?: Granularity;
}

/** Refusal to read an answer that is not OAI-PMH. */
export class NotAnOaiAnswer extends Error {
  override name = 'NotAnOaiAnswer';
}

const ARRAYS = new Set(['record', 'error', 'controlfield', 'datafield', 'subfield']);
const DUBLIN_CORE_NAMES = new Set<string>(DUBLIN_CORE_ELEMENTS);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Namespaces by local name: repositories write marc:, dc:, oai_dc: or none at all.
  removeNSPrefix: true,
  // Values as written: a control number 00012 is not the number 12, and indicators keep their blanks.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Character references (&#233;) as well as the five XML entities.
  htmlEntities: true,
  // Dublin Core elements repeat inside dc only: a header's identifier is one.
  isArray: (name, jpath) =>
    ARRAYS.has(name) || (DUBLIN_CORE_NAMES.has(name) && String(jpath).endsWith(`.dc.${name}`)),
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The text of an element read by the parser (a string, or an object with #text). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return '';
}
const asArray = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Reads an OAI-PMH answer (any verb); throws NotAnOaiAnswer for anything else. */
export function readOaiAnswer(xml: string): OaiAnswer {
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new NotAnOaiAnswer(`the answer is not well-formed XML (${(error as Error).message})`);
  }
  const root = document['OAI-PMH'];
  if (!isNode(root)) throw new NotAnOaiAnswer('the answer is XML but not OAI-PMH (no OAI-PMH element)');
  const answer: OaiAnswer = {
    responseDate: textOf(root['responseDate']).trim(),
    errors: asArray(root['error']).map((e) => ({
      code: isNode(e) ? String(e['@code'] ?? '') : '',
      message: textOf(e).trim(),
    })),
    items: [],
  };
  const identify = root['Identify'];
  if (isNode(identify)) {
    answer.granularity =
      textOf(identify['granularity']).trim() === 'YYYY-MM-DDThh:mm:ssZ'
        ? 'YYYY-MM-DDThh:mm:ssZ'
        : 'YYYY-MM-DD';
  }
  const list = root['ListRecords'];
  if (isNode(list)) {
    answer.items = asArray(list['record']).filter(isNode).map(readItem);
    const token = textOf(list['resumptionToken']).trim();
    if (token) answer.resumptionToken = token;
  }
  return answer;
}

function readItem(record: Node): OaiItem {
  const header = isNode(record['header']) ? record['header'] : {};
  const item: OaiItem = {
    identifier: textOf(header['identifier']).trim(),
    datestamp: textOf(header['datestamp']).trim(),
    isDeleted: header['@status'] === 'deleted',
  };
  if (!item.isDeleted) item.metadata = readMetadata(record['metadata']);
  return item;
}

function readMetadata(metadata: unknown): OaiMetadata {
  if (!isNode(metadata)) return { format: 'unreadable', reason: 'the record has no metadata' };
  const marc = asArray(metadata['record'])[0];
  if (isNode(marc)) return readMarcXml(marc);
  const dc = metadata['dc'];
  if (isNode(dc)) {
    const values: DublinCoreValues = {};
    for (const name of DUBLIN_CORE_ELEMENTS) {
      const texts = asArray(dc[name])
        .map((v) => textOf(v).replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      if (texts.length > 0) values[name] = texts;
    }
    return { format: 'oai_dc', values };
  }
  return { format: 'unreadable', reason: 'the metadata is neither MARCXML nor oai_dc' };
}

/** A MARCXML record element, as read by the parser, to a MARC record (control fields first, as MARCXML orders them). */
function readMarcXml(node: Node): OaiMetadata {
  const leader = textOf(asArray(node['leader'])[0]);
  if (leader.length !== 24)
    return { format: 'unreadable', reason: `the MARCXML leader has ${leader.length} characters, not 24` };
  const fields: MarcField[] = [];
  for (const control of asArray(node['controlfield']).filter(isNode))
    fields.push({ tag: String(control['@tag'] ?? ''), value: textOf(control) });
  for (const data of asArray(node['datafield']).filter(isNode)) {
    fields.push({
      tag: String(data['@tag'] ?? ''),
      ind1: String(data['@ind1'] ?? ' ').charAt(0) || ' ',
      ind2: String(data['@ind2'] ?? ' ').charAt(0) || ' ',
      subfields: asArray(data['subfield'])
        .filter(isNode)
        .map((s) => ({ code: String(s['@code'] ?? ''), value: textOf(s).normalize('NFC') })),
    });
  }
  if (fields.some((f) => !/^[0-9A-Za-z]{3}$/.test(f.tag)))
    return { format: 'unreadable', reason: 'a MARCXML field has no three-character tag' };
  // Every string is Unicode once read: leader/09 says so (as the file reader sets it).
  return {
    format: 'marc21',
    record: { leader: `${leader.slice(0, 9)}a${leader.slice(10)}`, fields },
  };
}

/** A `from` for the next harvest: the responseDate of this one, in the repository's granularity. */
export function nextFrom(responseDate: string, granularity: Granularity): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(responseDate);
  if (!match) return null;
  if (granularity === 'YYYY-MM-DD' || !match[2]) return match[1]!;
  return `${match[1]}T${match[2]}Z`;
}
