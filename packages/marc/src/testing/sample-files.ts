import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMarcSync } from '../read/read-marc.ts';
import type { MarcRecord, ReadResult } from '../types.ts';

/** The shared sample MARC files: `../shared/data/marc/` from the repository root (kept out of the repo). */
export const SAMPLE_DIR = fileURLToPath(new URL('../../../../../shared/data/marc/', import.meta.url));

/** Record counts per file from the README beside the files (all of them parse completely there). */
export const SAMPLE_FILES: Record<
  string,
  {
    records: number;
    broken: number;
    kinds: Partial<Record<'bibliographic' | 'authority' | 'holdings' | 'unknown', number>>;
  }
> = {
  'solrmarc-uva-2000.mrc': { records: 2000, broken: 0, kinds: { bibliographic: 2000 } },
  'evergreen-jazz-1k.mrc': { records: 1000, broken: 0, kinds: { bibliographic: 1000 } },
  'psu-sample-catalog.mrc': { records: 728, broken: 0, kinds: { bibliographic: 557, holdings: 171 } },
  'evergreen-lul-fre-500.mrc': { records: 500, broken: 0, kinds: { bibliographic: 500 } },
  // 43 Koha records have a blank leader/06, so their kind is unknown until mapped.
  'koha-sample-bibs.xml': { records: 435, broken: 0, kinds: { bibliographic: 392, unknown: 43 } },
  'evergreen-concerto-bibs.xml': { records: 151, broken: 0, kinds: { bibliographic: 151 } },
  'evergreen-lul-fre-100.mrc': { records: 100, broken: 0, kinds: { bibliographic: 100 } },
  'lc-m2bf-british-library.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-dnb.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-gwu.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-loc-general.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-nlm.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-oclc.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'lc-m2bf-princeton.xml': { records: 99, broken: 0, kinds: { bibliographic: 99 } },
  'evergreen-nepali.mrc': { records: 96, broken: 0, kinds: { bibliographic: 96 } },
  'evergreen-fsl-armenian-russian.mrc': { records: 52, broken: 0, kinds: { bibliographic: 52 } },
  'evergreen-oss.mrc': { records: 42, broken: 0, kinds: { bibliographic: 42 } },
  'traject-test-data-utf8.mrc': { records: 30, broken: 0, kinds: { bibliographic: 30 } },
  'evergreen-hebrew.mrc': { records: 20, broken: 0, kinds: { bibliographic: 20 } },
  'evergreen-rda-samples.mrc': { records: 10, broken: 0, kinds: { bibliographic: 10 } },
  'evergreen-acq-order-sample.mrc': { records: 10, broken: 0, kinds: { bibliographic: 10 } },
  'evergreen-badisbns.xml': { records: 10, broken: 0, kinds: { bibliographic: 10 } },
  'evergreen-serials.xml': { records: 7, broken: 0, kinds: { bibliographic: 7 } },
  'evergreen-serials-mfhd.xml': { records: 7, broken: 0, kinds: { holdings: 7 } },
  'evergreen-maps.mrc': { records: 3, broken: 0, kinds: { bibliographic: 3 } },
  'koha-sample-auth.xml': { records: 1706, broken: 0, kinds: { authority: 1706 } },
  'evergreen-auth-iish-1066.mrc': { records: 1066, broken: 0, kinds: { authority: 1066 } },
  'evergreen-concerto-auth.xml': { records: 98, broken: 0, kinds: { authority: 98 } },
  'evergreen-auth-iish-17.mrc': { records: 17, broken: 0, kinds: { authority: 17 } },
};

const cache = new Map<string, ReadResult[]>();

/** Every read result of one sample file (read once per test worker). */
export function readSample(name: string): ReadResult[] {
  let results = cache.get(name);
  if (!results) {
    results = [...readMarcSync(readFileSync(SAMPLE_DIR + name))];
    cache.set(name, results);
  }
  return results;
}

/** The records of one sample file that were read. */
export function sampleRecords(name: string): MarcRecord[] {
  return readSample(name).flatMap((r) => (r.ok ? [r.record] : []));
}

/** The record of a sample file whose 001 is `controlNumber`. */
export function sampleRecord(name: string, controlNumber: string): MarcRecord {
  const record = sampleRecords(name).find((r) =>
    r.fields.some((f) => f.tag === '001' && f.value?.trim() === controlNumber),
  );
  if (!record) throw new Error(`no record with 001 ${controlNumber} in ${name}`);
  return record;
}
