import type { MarcField } from '../types.ts';

/** A subfield as a test writes it: [code, value]. */
export type Pair = [code: string, value: string];

/** A data field written as a cataloguer reads it: tag, both indicators in one string ('10', '  '), subfields. */
export const dataField = (tag: string, ind: string, ...pairs: Pair[]): MarcField => ({
  tag,
  ind1: ind[0]!,
  ind2: ind[1]!,
  subfields: pairs.map(([code, value]) => ({ code, value })),
});
