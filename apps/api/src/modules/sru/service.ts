import { escapeXml, toDublinCore, toMarcXmlRecord, type MarcRecord } from '@estante/marc';
import type { SruRequest } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { searchRequest, type SearchEngine } from '../search/index.ts';
import { CqlSyntaxError, parseCql } from './cql.ts';
import { DIAGNOSTICS as D, diagnosticUri, fail, SruFailure, type SruDiagnostic } from './diagnostics.ts';
import { parseSruRequest, SCHEMAS, type RecordLimits, type SchemaName, type SruVersion } from './protocol.ts';
import { findRecords, titleExists } from './repository.ts';
import { CONTEXT_SETS, INDEXES, RELATIONS, translateCql, type CatalogueQuery } from './translate.ts';

/** What the SRU server is set up with (decision 0066). */
export interface SruOptions extends RecordLimits {
  db: Db;
  /** The catalogue search: SRU searches are its searches. */
  engine: SearchEngine;
  /** The explain record's database title. */
  databaseName: () => Promise<string>;
}

/** Where the request came in, for the explain record's serverInfo. */
export interface SruOrigin {
  host: string;
  port: number;
}

/** The namespaces of each version's answers and diagnostics. */
const NAMESPACES = {
  '1.2': { response: 'http://www.loc.gov/zing/srw/', diagnostic: 'http://www.loc.gov/zing/srw/diagnostic/' },
  '2.0': {
    response: 'http://docs.oasis-open.org/ns/search-ws/sruResponse',
    diagnostic: 'http://docs.oasis-open.org/ns/search-ws/diagnostic',
  },
} as const;

/** Answers one SRU request with the whole XML document, diagnostics included (HTTP 200 always). */
export async function answerSru(
  options: SruOptions,
  query: SruRequest,
  origin: SruOrigin,
  log: (error: unknown) => void,
): Promise<string> {
  const parsed = parseSruRequest(query, options);
  const { version } = parsed;
  if (!parsed.ok) {
    return parsed.operation === 'explain'
      ? explainDocument(version, '', [parsed.diagnostic])
      : searchDocument(version, { total: 0, records: '', next: null }, [parsed.diagnostic]);
  }
  const request = parsed.request;
  if (request.operation === 'explain')
    return explainDocument(version, await explainRecord(options, version, origin), []);
  try {
    const found = await search(options, request.query, request.startRecord, request.maximumRecords);
    if (request.startRecord > found.total && !(found.total === 0 && request.startRecord === 1))
      return searchDocument(version, { total: found.total, records: '', next: null }, [
        {
          code: D.firstRecordOutOfRange,
          details: String(request.startRecord),
          message: `startRecord is past the last of the ${found.total} records.`,
        },
      ]);
    const records = await recordsXml(options.db, version, found.ids, request.startRecord, request.schema);
    const last = request.startRecord + found.ids.length - 1;
    const next = found.ids.length > 0 && last < found.total ? last + 1 : null;
    return searchDocument(version, { total: found.total, records, next }, []);
  } catch (error) {
    if (error instanceof SruFailure)
      return searchDocument(version, { total: 0, records: '', next: null }, [error.diagnostic]);
    log(error);
    return searchDocument(version, { total: 0, records: '', next: null }, [
      { code: D.generalError, message: 'The search failed.' },
    ]);
  }
}

/** The titles the CQL query finds: how many in all, and the ids from startRecord on (at most maximumRecords). */
async function search(
  options: SruOptions,
  cql: string,
  startRecord: number,
  maximumRecords: number,
): Promise<{ total: number; ids: number[] }> {
  let parsed;
  try {
    parsed = parseCql(cql);
  } catch (error) {
    if (error instanceof CqlSyntaxError)
      fail(D.querySyntaxError, `${error.message} (at character ${error.position + 1})`, cql);
    throw error;
  }
  const translation = translateCql(parsed);
  if (translation.kind === 'identifier') {
    const exists = translation.id !== null && (await titleExists(options.db, translation.id));
    const ids = exists && startRecord === 1 && maximumRecords > 0 ? [translation.id!] : [];
    return { total: exists ? 1 : 0, ids };
  }
  return searchCatalogue(options.engine, translation.query, startRecord, maximumRecords);
}

/**
 * The catalogue search's pages holding records startRecord … startRecord + maximumRecords − 1:
 * one page, or two when the range straddles a page boundary; in the catalogue's relevance order.
 */
export async function searchCatalogue(
  engine: SearchEngine,
  query: CatalogueQuery,
  startRecord: number,
  maximumRecords: number,
): Promise<{ total: number; ids: number[] }> {
  const base = searchRequest({
    text: query.first.text,
    type: query.first.type,
    termType: query.first.termType,
    rows: query.rows,
  });
  const pageSize = Math.max(1, maximumRecords);
  const page = Math.floor((startRecord - 1) / pageSize) + 1;
  const first = await engine.search({ ...base, page, pageSize });
  if (maximumRecords === 0) return { total: first.total, ids: [] };
  const skip = startRecord - 1 - (page - 1) * pageSize;
  const ids = first.ids.slice(skip);
  if (skip > 0 && page * pageSize < first.total) {
    const second = await engine.search({ ...base, page: page + 1, pageSize });
    ids.push(...second.ids.slice(0, maximumRecords - ids.length));
  }
  return { total: first.total, ids };
}

async function recordsXml(
  db: Db,
  version: SruVersion,
  ids: number[],
  startRecord: number,
  schema: SchemaName,
): Promise<string> {
  const marcs = await findRecords(db, ids);
  return ids
    .map((id, i) => {
      const marc = marcs.get(id) as MarcRecord | undefined;
      const position = startRecord + i;
      // A title without a MARC record cannot be sent in either schema: a surrogate diagnostic.
      if (!marc)
        return recordXml(
          version,
          'info:srw/schema/1/diagnostics-v1.1',
          diagnosticXml(version, {
            code: D.recordNotAvailableInSchema,
            details: SCHEMAS[schema].uri,
            message: 'This title has no MARC record.',
          }),
          position,
        );
      const data = schema === 'marcxml' ? toMarcXmlRecord(marc, '        ') : dublinCoreXml(marc);
      return recordXml(version, SCHEMAS[schema].uri, data, position);
    })
    .join('');
}

function recordXml(version: SruVersion, schema: string, data: string, position: number): string {
  const packing = version === '1.2' ? 'recordPacking' : 'recordXMLEscaping';
  return `    <record>
      <recordSchema>${escapeXml(schema)}</recordSchema>
      <${packing}>xml</${packing}>
      <recordData>
${data}      </recordData>
      <recordPosition>${position}</recordPosition>
    </record>\n`;
}

/** The SRU Dublin Core schema, from the Library of Congress crosswalk the record page's Dublin Core tab shows. */
function dublinCoreXml(marc: MarcRecord): string {
  const elements = toDublinCore(marc).map(
    (e) => `          <dc:${e.element}>${escapeXml(e.value)}</dc:${e.element}>\n`,
  );
  return `        <srw_dc:dc xmlns:srw_dc="info:srw/schema/1/dc-schema" xmlns:dc="http://purl.org/dc/elements/1.1/">\n${elements.join('')}        </srw_dc:dc>\n`;
}

function diagnosticXml(version: SruVersion, d: SruDiagnostic, indent = '        '): string {
  const details = d.details !== undefined ? `<details>${escapeXml(d.details)}</details>` : '';
  return `${indent}<diagnostic xmlns="${NAMESPACES[version].diagnostic}"><uri>${diagnosticUri(d.code)}</uri>${details}<message>${escapeXml(d.message)}</message></diagnostic>\n`;
}

function diagnosticsXml(version: SruVersion, diagnostics: SruDiagnostic[]): string {
  if (diagnostics.length === 0) return '';
  return `  <diagnostics>\n${diagnostics.map((d) => diagnosticXml(version, d, '    ')).join('')}  </diagnostics>\n`;
}

function searchDocument(
  version: SruVersion,
  result: { total: number; records: string; next: number | null },
  diagnostics: SruDiagnostic[],
): string {
  const records = result.records ? `  <records>\n${result.records}  </records>\n` : '';
  const next = result.next !== null ? `  <nextRecordPosition>${result.next}</nextRecordPosition>\n` : '';
  const precision =
    version === '2.0' && diagnostics.length === 0
      ? '  <resultCountPrecision>info:srw/vocabulary/resultCountPrecision/1/exact</resultCountPrecision>\n'
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<searchRetrieveResponse xmlns="${NAMESPACES[version].response}">
  <version>${version}</version>
  <numberOfRecords>${result.total}</numberOfRecords>
${records}${next}${diagnosticsXml(version, diagnostics)}${precision}</searchRetrieveResponse>
`;
}

function explainDocument(version: SruVersion, record: string, diagnostics: SruDiagnostic[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<explainResponse xmlns="${NAMESPACES[version].response}">
  <version>${version}</version>
${record}${diagnosticsXml(version, diagnostics)}</explainResponse>
`;
}

/** Human names of the indexes in the explain record. */
const INDEX_TITLES: Record<string, string> = {
  'cql.serverchoice': 'Any field (the catalogue’s free search)',
  'cql.anywhere': 'Any field',
  'dc.title': 'Title',
  'dc.creator': 'Author',
  'dc.subject': 'Subject',
  'bath.isbn': 'ISBN',
  'bath.issn': 'ISSN',
  'rec.identifier': 'Record identifier (the title number)',
};
const CASED: Record<string, string> = { serverchoice: 'serverChoice' };

/** The ZeeRex explain record: server, database, indexes, schemas and limits. */
async function explainRecord(options: SruOptions, version: SruVersion, origin: SruOrigin): Promise<string> {
  const packing = version === '1.2' ? 'recordPacking' : 'recordXMLEscaping';
  const sets = Object.entries(CONTEXT_SETS)
    .map(([name, uri]) => `          <set name="${name}" identifier="${uri}"/>\n`)
    .join('');
  const indexes = Object.keys(INDEXES)
    .map((key) => {
      const [set, name = ''] = key.split('.');
      return `          <index search="true" scan="false" sort="false"><title>${escapeXml(INDEX_TITLES[key] ?? key)}</title><map><name set="${set}">${CASED[name] ?? name}</name></map></index>\n`;
    })
    .join('');
  const schemas = (Object.keys(SCHEMAS) as SchemaName[])
    .map(
      (name) =>
        `          <schema identifier="${SCHEMAS[name].uri}" location="${SCHEMAS[name].location}" name="${name}" retrieve="true" sort="false"><title>${SCHEMAS[name].title}</title></schema>\n`,
    )
    .join('');
  const relations = RELATIONS.map(
    (r) => `          <supports type="relation">${escapeXml(r)}</supports>\n`,
  ).join('');
  return `  <record>
    <recordSchema>http://explain.z3950.org/dtd/2.0/</recordSchema>
    <${packing}>xml</${packing}>
    <recordData>
      <explain xmlns="http://explain.z3950.org/dtd/2.0/">
        <serverInfo protocol="SRU" version="${version}" transport="http" method="GET">
          <host>${escapeXml(origin.host)}</host>
          <port>${origin.port}</port>
          <database>sru</database>
        </serverInfo>
        <databaseInfo>
          <title lang="pt" primary="true">${escapeXml(await options.databaseName())}</title>
          <description lang="en" primary="true">The library's public catalogue, searched as its own search page searches it.</description>
        </databaseInfo>
        <indexInfo>
${sets}${indexes}        </indexInfo>
        <schemaInfo>
${schemas}        </schemaInfo>
        <configInfo>
          <default type="numberOfRecords">${options.defaultRecords}</default>
          <setting type="maximumRecords">${options.maximumRecords}</setting>
          <default type="contextSet">cql</default>
          <default type="index">cql.serverChoice</default>
          <default type="relation">=</default>
${relations}          <supports type="booleanModifier">and</supports>
          <supports type="maskingCharacter">*</supports>
          <supports type="emptyTerm">false</supports>
        </configInfo>
      </explain>
    </recordData>
    <recordPosition>1</recordPosition>
  </record>
`;
}
