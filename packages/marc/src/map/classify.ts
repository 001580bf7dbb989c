import type { MarcRecord } from '../types.ts';

/** What a record describes, from leader/06. */
export type RecordKind = 'bibliographic' | 'authority' | 'holdings' | 'unknown';

const BIBLIOGRAPHIC_TYPES = 'acdefgijkmoprt';
const HOLDINGS_TYPES = 'uvxy';

/** Classifies a record by leader/06: z authority; u, v, x, y holdings; a, c–g, i–k, m, o, p, r, t bibliographic. */
export function classify(record: MarcRecord): RecordKind {
  const type = record.leader[6] ?? ' ';
  if (type === 'z') return 'authority';
  if (HOLDINGS_TYPES.includes(type)) return 'holdings';
  if (type !== ' ' && BIBLIOGRAPHIC_TYPES.includes(type)) return 'bibliographic';
  return 'unknown';
}
