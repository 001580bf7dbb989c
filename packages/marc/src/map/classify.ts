import type { MarcRecord } from '../types.ts';

/** What a record describes, from leader/06. */
export type RecordKind = 'bibliographic' | 'authority' | 'holdings' | 'unknown';

const BIBLIOGRAPHIC_TYPES = new Set('acdefgijkmoprt');
const HOLDINGS_TYPES = new Set('uvxy');

/** Classifies a record by leader/06: z authority; u, v, x, y holdings; a, c–g, i–k, m, o, p, r, t bibliographic. */
export function classify(record: MarcRecord): RecordKind {
  // '' when the leader is too short to have a position 6.
  const type = record.leader.charAt(6);
  if (type === 'z') return 'authority';
  if (HOLDINGS_TYPES.has(type)) return 'holdings';
  if (BIBLIOGRAPHIC_TYPES.has(type)) return 'bibliographic';
  return 'unknown';
}
