import type { MarcRecord } from '../types.ts';
import { classify } from './classify.ts';
import { extract, first, indexRecord } from './extract.ts';
import type { MappingError } from './map-title.ts';

/** An MFHD holdings record mapped to the fields a copy display needs. */
export interface MappedHoldings {
  /** 001 trimmed (PSU's holdings repeat their bib's 001 here). */
  controlNumber: string | null;
  /** 004, the bib's control number in standard MFHD (an unrelated Sirsi key in the PSU file). */
  linkedControlNumber: string | null;
  /** 852 $b (sublocation or collection: the library in multi-library systems). */
  library: string | null;
  /** 852 $h $i. */
  callNumber: string | null;
  /** 852 $c shelving location. */
  location: string | null;
  /** 866–868 $a textual holdings ("v.67:no.3(2008)-To Date"). */
  summary: string[];
}

// One line per field, in the traject style.
const rules = {
  controlNumber: first(extract('001')),
  linkedControlNumber: first(extract('004')),
  library: first(extract('852b')),
  callNumber: first(extract('852hi')),
  location: first(extract('852c')),
  summary: extract('866a:867a:868a'),
};

/** Maps an MFHD holdings record (leader/06 u, v, x, y). */
export function mapHoldings(record: MarcRecord): MappedHoldings | MappingError {
  if (classify(record) !== 'holdings') {
    return { error: `not a holdings record: leader/06 is '${record.leader[6] ?? ' '}', not u, v, x or y` };
  }
  const rec = indexRecord(record);
  return {
    controlNumber: rules.controlNumber(rec),
    linkedControlNumber: rules.linkedControlNumber(rec),
    library: rules.library(rec),
    callNumber: rules.callNumber(rec),
    location: rules.location(rec),
    summary: rules.summary(rec),
  };
}
