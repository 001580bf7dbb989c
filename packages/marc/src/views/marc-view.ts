import type { MarcField, MarcRecord } from '../types.ts';

/** The MARC view of a record (SPEC's MARC tab): leader and fields in record order, copied so callers may edit them. */
export function marcView(record: MarcRecord): MarcRecord {
  return {
    leader: record.leader,
    fields: record.fields.map((f): MarcField =>
      f.value !== undefined
        ? { tag: f.tag, value: f.value }
        : {
            tag: f.tag,
            ind1: f.ind1 ?? ' ',
            ind2: f.ind2 ?? ' ',
            subfields: (f.subfields ?? []).map((s) => ({ code: s.code, value: s.value })),
          },
    ),
  };
}
