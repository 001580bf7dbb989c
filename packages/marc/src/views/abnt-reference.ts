import type { MappedTitle } from '../map/map-title.ts';
import type { MarcRecord } from '../types.ts';
import { formatReference } from './references/format-reference.ts';

/**
 * The ABNT NBR 6023:2018 reference of a title as plain text, through citation-js and our CSL style
 * ("SURNAME, Forenames. Title: subtitle. Edition. Place: Publisher, year."); `formatReference` gives HTML too.
 */
export function abntReference(mapped: MappedTitle, marc?: MarcRecord): string {
  return formatReference(mapped, 'abnt', marc ? { marc } : {}).text;
}
