import { escapeXml, toDublinCore, toMarcXmlRecord, type MarcRecord } from '@estante/marc';
import type { OaiRequest } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import {
  decodeToken,
  encodeToken,
  formatDatestamp,
  parseRequest,
  untilEnd,
  type ListPosition,
  type OaiError,
  type ParsedRequest,
} from './protocol.ts';
import { RecordCache } from './record-cache.ts';
import {
  countItems,
  earliestDatestamp,
  findItem,
  findItems,
  findRecords,
  listSets,
  type OaiItemFilter,
  type OaiItemRow,
} from './repository.ts';

/** What the provider is set up with (decision 0064). */
export interface OaiOptions {
  db: Db;
  clock: Clock;
  /** Signs resumption tokens: the app's token secret, kept in the database, so tokens outlive a restart. */
  secret: string;
  /** The repository identifier in `oai:{id}:{titleId}`; without one, the host the harvester reached. */
  repositoryId?: string;
  /** Items per list page. */
  pageSize: number;
  /** How long a resumption token is accepted. */
  tokenTtlSeconds: number;
  /** Identify's adminEmail. */
  adminEmail: string;
  /** Identify's repositoryName. */
  repositoryName: () => Promise<string>;
}

/** Where the request came in, for the base URL and the default repository identifier. */
export interface OaiOrigin {
  baseUrl: string;
  host: string;
}

/** The metadata formats every title is disseminated in. */
const FORMATS = {
  oai_dc: {
    schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
    namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  },
  marc21: {
    schema: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd',
    namespace: 'http://www.loc.gov/MARC21/slim',
  },
} as const;
type FormatPrefix = keyof typeof FORMATS;
const isFormat = (prefix: string | undefined): prefix is FormatPrefix =>
  prefix !== undefined && Object.hasOwn(FORMATS, prefix);

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';

/**
 * How many written records (in either format) are kept per database: the demo catalogue in both
 * formats several times over, some 15 MB at most (a record is 1–3 KB of XML).
 */
const RECORD_CACHE_SIZE = 5_000;
/** Each database's written records: the cache is right for the data it was read from. */
const recordCaches = new WeakMap<Db, RecordCache>();
function recordCacheOf(db: Db): RecordCache {
  let cache = recordCaches.get(db);
  if (!cache) recordCaches.set(db, (cache = new RecordCache(RECORD_CACHE_SIZE)));
  return cache;
}
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Thrown inside a verb to answer with protocol errors instead of a result. */
class OaiFailure extends Error {
  constructor(readonly errors: OaiError[]) {
    super(errors[0]?.message);
  }
}
const fail = (code: OaiError['code'], message: string): never => {
  throw new OaiFailure([{ code, message }]);
};

/** Answers one OAI-PMH request with the whole XML document (§3.2), errors included. */
export async function answerOai(options: OaiOptions, query: OaiRequest, origin: OaiOrigin): Promise<string> {
  const now = options.clock.now();
  const parsed = parseRequest(query);
  // §3.2: after badVerb or badArgument the request element carries the base URL only.
  if (!parsed.ok) return document(now, origin.baseUrl, {}, errorsXml(parsed.errors));
  const { request } = parsed;
  const args = { verb: request.verb, ...request.args };
  try {
    const body = await VERB_HANDLERS[request.verb](options, request, origin, now);
    return document(now, origin.baseUrl, args, body);
  } catch (error) {
    if (error instanceof OaiFailure) return document(now, origin.baseUrl, args, errorsXml(error.errors));
    throw error;
  }
}

type Handler = (options: OaiOptions, request: ParsedRequest, origin: OaiOrigin, now: Date) => Promise<string>;

const VERB_HANDLERS: Record<ParsedRequest['verb'], Handler> = {
  Identify: identify,
  ListMetadataFormats: listMetadataFormats,
  ListSets: listSetsVerb,
  GetRecord: getRecord,
  ListIdentifiers: (options, request, origin, now) => list(options, request, origin, now, false),
  ListRecords: (options, request, origin, now) => list(options, request, origin, now, true),
};

async function identify(options: OaiOptions, _request: ParsedRequest, origin: OaiOrigin): Promise<string> {
  const earliest = (await earliestDatestamp(options.db)) ?? new Date(0);
  const repositoryId = options.repositoryId ?? origin.host;
  // The oai-identifier description only where the id is a domain name, as its schema requires.
  const description = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/.test(repositoryId)
    ? `\n    <description>
      <oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="${XSI}" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">
        <scheme>oai</scheme>
        <repositoryIdentifier>${escapeXml(repositoryId)}</repositoryIdentifier>
        <delimiter>:</delimiter>
        <sampleIdentifier>${escapeXml(identifierOf(options, origin, 1))}</sampleIdentifier>
      </oai-identifier>
    </description>`
    : '';
  return `  <Identify>
    <repositoryName>${escapeXml(await options.repositoryName())}</repositoryName>
    <baseURL>${escapeXml(origin.baseUrl)}</baseURL>
    <protocolVersion>2.0</protocolVersion>
    <adminEmail>${escapeXml(options.adminEmail)}</adminEmail>
    <earliestDatestamp>${formatDatestamp(earliest)}</earliestDatestamp>
    <deletedRecord>persistent</deletedRecord>
    <granularity>YYYY-MM-DDThh:mm:ssZ</granularity>${description}
  </Identify>\n`;
}

async function listMetadataFormats(
  options: OaiOptions,
  request: ParsedRequest,
  origin: OaiOrigin,
): Promise<string> {
  if (request.identifier !== undefined) {
    const item = await itemOf(options, request.identifier, origin);
    // A title without a MARC record has nothing to disseminate; a deleted one keeps its formats.
    if (!item.isDeleted && item.marc === null)
      fail('noMetadataFormats', 'This item has no metadata formats: its title has no MARC record.');
  }
  const formats = Object.entries(FORMATS).map(
    ([prefix, f]) => `    <metadataFormat>
      <metadataPrefix>${prefix}</metadataPrefix>
      <schema>${f.schema}</schema>
      <metadataNamespace>${f.namespace}</metadataNamespace>
    </metadataFormat>\n`,
  );
  return `  <ListMetadataFormats>\n${formats.join('')}  </ListMetadataFormats>\n`;
}

async function listSetsVerb(options: OaiOptions, request: ParsedRequest): Promise<string> {
  // All sets fit in one answer, so this repository issues no ListSets token to come back with.
  if (request.resumptionToken !== undefined)
    fail(
      'badResumptionToken',
      'This repository answers ListSets in one page and issues no resumption token.',
    );
  const sets = await setsOf(options);
  const entries = sets.map(
    (s) => `    <set><setSpec>${escapeXml(s.spec)}</setSpec><setName>${escapeXml(s.name)}</setName></set>\n`,
  );
  return `  <ListSets>\n${entries.join('')}  </ListSets>\n`;
}

/** The sets with their top sets first; none at all means the repository has no set hierarchy. */
async function setsOf(options: OaiOptions): Promise<{ spec: string; name: string }[]> {
  const leaves = await listSets(options.db);
  const tops = [
    { spec: 'biblioteca', name: 'Bibliotecas' },
    { spec: 'colecao', name: 'Coleções' },
    { spec: 'tipo', name: 'Tipos de obra' },
  ].filter((top) => leaves.some((l) => l.spec.startsWith(`${top.spec}:`)));
  if (leaves.length === 0) fail('noSetHierarchy', 'This repository has no sets.');
  return [...tops, ...leaves];
}

async function getRecord(options: OaiOptions, request: ParsedRequest, origin: OaiOrigin): Promise<string> {
  const item = await itemOf(options, request.identifier!, origin);
  if (!isFormat(request.metadataPrefix))
    return fail(
      'cannotDisseminateFormat',
      `This repository does not offer the format "${request.metadataPrefix}".`,
    );
  if (!item.isDeleted && item.marc === null)
    fail('cannotDisseminateFormat', 'This item has no MARC record to disseminate.');
  const prefix = request.metadataPrefix;
  let metadata: string | null = null;
  if (!item.isDeleted) {
    const cache = recordCacheOf(options.db);
    metadata = cache.get(prefix, item.id, item.stamp) ?? null;
    if (metadata === null) {
      metadata = metadataXml(item.marc as MarcRecord, prefix);
      cache.set(prefix, item.id, item.stamp, metadata);
    }
  }
  return `  <GetRecord>\n${recordXml(options, origin, item, metadata)}  </GetRecord>\n`;
}

async function list(
  options: OaiOptions,
  request: ParsedRequest,
  origin: OaiOrigin,
  now: Date,
  withRecords: boolean,
): Promise<string> {
  const verb = withRecords ? 'ListRecords' : 'ListIdentifiers';
  let position: ListPosition;
  if (request.resumptionToken !== undefined) {
    const decoded = decodeToken(request.resumptionToken, options.secret, verb, now);
    if (!decoded.ok) return fail('badResumptionToken', decoded.message);
    position = decoded.position;
  } else {
    if (!isFormat(request.metadataPrefix))
      return fail(
        'cannotDisseminateFormat',
        `This repository does not offer the format "${request.metadataPrefix}".`,
      );
    // A set no title is in any more may still hold deletions, so an unknown set is only noRecordsMatch.
    if (request.set !== undefined) await setsOf(options);
    const filter: OaiItemFilter = {
      ...(request.from ? { from: request.from.date } : {}),
      ...(request.until ? { until: untilEnd(request.until) } : {}),
      ...(request.set !== undefined ? { set: request.set } : {}),
    };
    const completeListSize = await countItems(options.db, filter);
    if (completeListSize === 0) fail('noRecordsMatch', 'No item matches these arguments.');
    position = {
      verb,
      metadataPrefix: request.metadataPrefix,
      ...(filter.from ? { from: filter.from.toISOString() } : {}),
      ...(filter.until ? { until: filter.until.toISOString() } : {}),
      ...(filter.set !== undefined ? { set: filter.set } : {}),
      after: 0,
      cursor: 0,
      completeListSize,
      expires: 0,
    };
  }
  const prefix = position.metadataPrefix as FormatPrefix;
  const filter: OaiItemFilter = {
    ...(position.from ? { from: new Date(position.from) } : {}),
    ...(position.until ? { until: new Date(position.until) } : {}),
    ...(position.set !== undefined ? { set: position.set } : {}),
  };
  // One more than a page tells whether another page follows.
  const found = await findItems(options.db, filter, { after: position.after, limit: options.pageSize + 1 });
  const page = found.slice(0, options.pageSize);
  const hasMore = found.length > options.pageSize;
  const entries = withRecords
    ? await recordsXml(options, origin, page, prefix)
    : page.map((item) => `    ${headerXml(options, origin, item)}\n`);
  let token = '';
  const isResumed = request.resumptionToken !== undefined;
  if (hasMore) {
    const expires = new Date(now.getTime() + options.tokenTtlSeconds * 1000);
    const next: ListPosition = {
      ...position,
      after: page[page.length - 1]!.id,
      cursor: position.cursor + page.length,
      expires: expires.getTime(),
    };
    token = `    <resumptionToken expirationDate="${formatDatestamp(expires)}" completeListSize="${position.completeListSize}" cursor="${position.cursor}">${encodeToken(next, options.secret)}</resumptionToken>\n`;
  } else if (isResumed) {
    // The last page of a resumed list ends with an empty token (§3.5).
    token = `    <resumptionToken completeListSize="${position.completeListSize}" cursor="${position.cursor}"/>\n`;
  }
  return `  <${verb}>\n${entries.join('')}${token}  </${verb}>\n`;
}

/** The item an identifier names, or idDoesNotExist. */
async function itemOf(options: OaiOptions, identifier: string, origin: OaiOrigin): Promise<OaiItemRow> {
  const prefix = `oai:${options.repositoryId ?? origin.host}:`;
  const id = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  const item =
    /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? await findItem(options.db, Number(id)) : null;
  if (!item) return fail('idDoesNotExist', `This repository has no item "${identifier}".`);
  return item;
}

function identifierOf(options: OaiOptions, origin: OaiOrigin, id: number): string {
  return `oai:${options.repositoryId ?? origin.host}:${id}`;
}

function headerXml(options: OaiOptions, origin: OaiOrigin, item: OaiItemRow): string {
  const status = item.isDeleted ? ' status="deleted"' : '';
  const sets = item.setSpecs.map((s) => `<setSpec>${escapeXml(s)}</setSpec>`).join('');
  return `<header${status}><identifier>${escapeXml(identifierOf(options, origin, item.id))}</identifier><datestamp>${formatDatestamp(item.datestamp)}</datestamp>${sets}</header>`;
}

/**
 * A page's records: the metadata written before at the same datestamp comes from the cache, the
 * rest is read in one query and written (decision 0064).
 */
async function recordsXml(
  options: OaiOptions,
  origin: OaiOrigin,
  items: OaiItemRow[],
  prefix: FormatPrefix,
): Promise<string[]> {
  const cache = recordCacheOf(options.db);
  const metadata = new Map<number, string>();
  const missing: number[] = [];
  for (const item of items) {
    if (item.isDeleted) continue;
    const cached = cache.get(prefix, item.id, item.stamp);
    if (cached === undefined) missing.push(item.id);
    else metadata.set(item.id, cached);
  }
  if (missing.length > 0)
    for (const [id, record] of await findRecords(options.db, missing)) {
      const xml = metadataXml(record.marc as MarcRecord, prefix);
      // Keyed by the datestamp read with the record, should the title have changed since the page.
      cache.set(prefix, id, record.stamp, xml);
      metadata.set(id, xml);
    }
  return items.map((item) => recordXml(options, origin, item, metadata.get(item.id) ?? null));
}

/** A record: its header, and its metadata unless it is deleted (or lost its MARC record meanwhile). */
function recordXml(
  options: OaiOptions,
  origin: OaiOrigin,
  item: OaiItemRow,
  metadata: string | null,
): string {
  const header = `      ${headerXml(options, origin, item)}\n`;
  if (item.isDeleted || metadata === null) return `    <record>\n${header}    </record>\n`;
  return `    <record>\n${header}      <metadata>\n${metadata}      </metadata>\n    </record>\n`;
}

/** A title's metadata in a format, as the record's metadata element holds it. */
function metadataXml(marc: MarcRecord, prefix: FormatPrefix): string {
  return prefix === 'marc21' ? toMarcXmlRecord(marc, '        ') : dublinCoreXml(marc);
}

/** oai_dc from the Library of Congress crosswalk the record page's Dublin Core tab shows. */
function dublinCoreXml(marc: MarcRecord): string {
  const elements = toDublinCore(marc).map(
    (e) => `          <dc:${e.element}>${escapeXml(e.value)}</dc:${e.element}>\n`,
  );
  return `        <oai_dc:dc xmlns:oai_dc="${FORMATS.oai_dc.namespace}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="${XSI}" xsi:schemaLocation="${FORMATS.oai_dc.namespace} ${FORMATS.oai_dc.schema}">\n${elements.join('')}        </oai_dc:dc>\n`;
}

function errorsXml(errors: OaiError[]): string {
  return errors.map((e) => `  <error code="${e.code}">${escapeXml(e.message)}</error>\n`).join('');
}

function document(now: Date, baseUrl: string, args: Record<string, string>, body: string): string {
  const attributes = Object.entries(args)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">
  <responseDate>${formatDatestamp(now)}</responseDate>
  <request${attributes}>${escapeXml(baseUrl)}</request>
${body}</OAI-PMH>
`;
}
