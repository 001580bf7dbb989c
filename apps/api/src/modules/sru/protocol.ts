import type { SruRequest } from '@estante/contract';
import { DIAGNOSTICS as D, fail, SruFailure, type SruDiagnostic } from './diagnostics.ts';

/** The SRU versions answered; 2.0 when the request names none. */
export type SruVersion = '1.2' | '2.0';

/** The record schemas offered, each by its short name and its URI. */
export const SCHEMAS = {
  marcxml: {
    uri: 'info:srw/schema/1/marcxml-v1.1',
    title: 'MARCXML',
    location: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd',
  },
  dc: {
    uri: 'info:srw/schema/1/dc-v1.1',
    title: 'Dublin Core',
    location: 'http://www.loc.gov/standards/sru/recordSchemas/dc-schema.xsd',
  },
} as const;
export type SchemaName = keyof typeof SCHEMAS;

/** How many records a searchRetrieve sends: when not asked, and at most. */
export interface RecordLimits {
  defaultRecords: number;
  maximumRecords: number;
}

/** A request whose parameters are all understood. */
export type SruOperation =
  | { operation: 'explain' }
  | {
      operation: 'searchRetrieve';
      query: string;
      startRecord: number;
      maximumRecords: number;
      schema: SchemaName;
    };

/** Parameters read and ignored: they change nothing Estante sends. */
const IGNORED = new Set(['resultSetTTL', 'extraRequestData', 'renderedBy', 'httpAccept', 'responseType']);
/** Parameters of the standard Estante does not support, with their diagnostic. */
const UNSUPPORTED: Record<string, [number, string]> = {
  recordXPath: [D.xpathUnsupported, 'recordXPath is not supported.'],
  sortKeys: [
    D.sortUnsupported,
    'Results come in the catalogue’s relevance order; sortKeys is not supported.',
  ],
  stylesheet: [D.stylesheetsUnsupported, 'Stylesheets are not supported.'],
};
const KNOWN = new Set([
  'operation',
  'version',
  'query',
  'queryType',
  'startRecord',
  'maximumRecords',
  'recordSchema',
  'recordPacking',
  'recordXMLEscaping',
  'scanClause',
  'responsePosition',
  'maximumTerms',
  ...IGNORED,
  ...Object.keys(UNSUPPORTED),
]);

/** The version the answer is written in: the one asked for, or the nearest answered. */
export function versionOf(query: SruRequest): SruVersion {
  const version = query['version'];
  if (typeof version !== 'string') return '2.0';
  return Number.parseFloat(version) < 2 ? '1.2' : '2.0';
}

/**
 * The request's operation and parameters checked, in the version the answer is written in; a
 * diagnostic for the first thing that cannot be answered.
 */
export function parseSruRequest(
  query: SruRequest,
  limits: RecordLimits,
): { version: SruVersion } & (
  { ok: true; request: SruOperation } | { ok: false; diagnostic: SruDiagnostic; operation: string }
) {
  const version = versionOf(query);
  let operation = 'searchRetrieve';
  try {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value))
        fail(D.unsupportedParameterValue, `The parameter ${name} is given more than once.`, name);
      // x- parameters are extensions: a server ignores the ones it does not know.
      if (name.startsWith('x-')) continue;
      if (!KNOWN.has(name)) fail(D.unsupportedParameter, `The parameter ${name} is not supported.`, name);
      params[name] = value;
    }
    const asked = params['version'];
    if (asked !== undefined && asked !== '1.2' && asked !== '2.0')
      fail(D.unsupportedVersion, `SRU ${asked} is not supported: this server answers 1.2 and 2.0.`, version);
    const given = params['operation'];
    // SRU 2.0 tells the operation by its parameters; 1.2 names it.
    operation =
      given ??
      (version === '2.0'
        ? params['query'] !== undefined
          ? 'searchRetrieve'
          : params['scanClause'] !== undefined
            ? 'scan'
            : 'explain'
        : '');
    if (operation === '')
      fail(D.mandatoryParameterMissing, 'The operation parameter is missing.', 'operation');
    if (operation !== 'explain' && operation !== 'searchRetrieve')
      fail(D.unsupportedOperation, `The operation ${operation} is not supported.`, operation);
    if (operation === 'explain') return { version, ok: true, request: { operation: 'explain' } };
    return { version, ok: true, request: searchRetrieveOf(params, version, limits) };
  } catch (error) {
    if (error instanceof SruFailure) return { version, ok: false, diagnostic: error.diagnostic, operation };
    throw error;
  }
}

function searchRetrieveOf(
  params: Record<string, string>,
  version: SruVersion,
  limits: RecordLimits,
): SruOperation {
  const query = params['query'];
  if (query === undefined || query.trim() === '')
    fail(D.mandatoryParameterMissing, 'The query parameter is missing.', 'query');
  if (params['queryType'] !== undefined && params['queryType'] !== 'cql')
    fail(D.unsupportedParameterValue, 'Only CQL queries (queryType cql) are answered.', 'queryType');
  for (const [name, [code, message]] of Object.entries(UNSUPPORTED))
    if (params[name] !== undefined && params[name] !== '') fail(code, message, name);
  const startRecord = count(params['startRecord'], 'startRecord', 1);
  if (startRecord < 1) fail(D.unsupportedParameterValue, 'startRecord counts from 1.', 'startRecord');
  // A server may send fewer records than asked: at most the configured maximum.
  const maximumRecords = Math.min(
    count(params['maximumRecords'], 'maximumRecords', limits.defaultRecords),
    limits.maximumRecords,
  );
  const schemaName = (params['recordSchema'] ?? 'marcxml').trim();
  const schema = (Object.keys(SCHEMAS) as SchemaName[]).find(
    (name) => name === schemaName.toLowerCase() || SCHEMAS[name].uri === schemaName,
  );
  if (!schema) fail(D.unknownSchema, `The record schema "${schemaName}" is not offered.`, schemaName);
  if (version === '1.2') {
    if (params['recordPacking'] !== undefined && params['recordPacking'] !== 'xml')
      fail(
        D.unsupportedRecordPacking,
        'Records are sent as XML (recordPacking xml).',
        params['recordPacking'],
      );
  } else {
    if (params['recordXMLEscaping'] !== undefined && params['recordXMLEscaping'] !== 'xml')
      fail(
        D.unsupportedRecordPacking,
        'Records are sent as XML (recordXMLEscaping xml).',
        params['recordXMLEscaping'],
      );
    if (params['recordPacking'] !== undefined && params['recordPacking'] !== 'packed')
      fail(D.unsupportedParameterValue, 'Records are sent packed (recordPacking packed).', 'recordPacking');
  }
  return { operation: 'searchRetrieve', query, startRecord, maximumRecords, schema };
}

/** A whole number parameter, or its default when absent; diagnostic 6 when it is not one. */
function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value.trim()))
    fail(D.unsupportedParameterValue, `${name} must be a whole number.`, name);
  return Number(value.trim());
}
