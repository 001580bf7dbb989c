import type { MarcRecord } from '../types.ts';

/** The MARCXML (MARC 21 slim) namespace. */
export const MARCXML_NAMESPACE = 'http://www.loc.gov/MARC21/slim';

// XML 1.0 cannot carry these even escaped; a MARC value holding one (a stray 0x1F) loses it.
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const FORBIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

/**
 * Writes one record as a MARCXML document. Our own writer rather than marcjs's MarcxmlFormater:
 * that one escapes every non-ASCII character as &#x…; (unreadable for CJK or Devanagari),
 * does not escape attribute values and lets XML-forbidden control characters through.
 */
export function toMarcXml(record: MarcRecord): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${recordElement(record, ` xmlns="${MARCXML_NAMESPACE}"`, '')}`;
}

/** Writes several records as one MARCXML collection document. */
export function toMarcXmlCollection(records: Iterable<MarcRecord>): string {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="${MARCXML_NAMESPACE}">\n`];
  for (const record of records) parts.push(recordElement(record, '', '  '));
  parts.push('</collection>\n');
  return parts.join('');
}

/** One MARCXML `<record>` element carrying its namespace, without an XML declaration, to embed in another document (OAI-PMH). */
export function toMarcXmlRecord(record: MarcRecord, indent = ''): string {
  return recordElement(record, ` xmlns="${MARCXML_NAMESPACE}"`, indent);
}

function recordElement(record: MarcRecord, namespace: string, indent: string): string {
  const out = [`${indent}<record${namespace}>\n`, `${indent}  <leader>${escape(record.leader)}</leader>\n`];
  for (const field of record.fields) {
    if (field.value !== undefined) {
      out.push(`${indent}  <controlfield tag="${escape(field.tag)}">${escape(field.value)}</controlfield>\n`);
      continue;
    }
    out.push(
      `${indent}  <datafield tag="${escape(field.tag)}" ind1="${escape(field.ind1 ?? ' ')}" ind2="${escape(field.ind2 ?? ' ')}">\n`,
    );
    for (const s of field.subfields ?? []) {
      out.push(`${indent}    <subfield code="${escape(s.code)}">${escape(s.value)}</subfield>\n`);
    }
    out.push(`${indent}  </datafield>\n`);
  }
  out.push(`${indent}</record>\n`);
  return out.join('');
}

/** Text or attribute value escaped for XML 1.0, with the characters XML cannot carry left out. */
export function escapeXml(text: string): string {
  return escape(text);
}

function escape(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
