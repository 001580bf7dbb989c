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

/** What has been read of each sample file so far, and the reader that goes on from there. */
const cache = new Map<string, { read: ReadResult[]; rest: Iterator<ReadResult> | undefined }>();

/**
 * The read results of one sample file, read once per test worker and only as far as asked: a test
 * that needs the first record of a 2,000-record file does not wait for the other 1,999 (under
 * mutation testing each run starts a fresh worker).
 */
function* sample(name: string): Generator<ReadResult> {
  // Under mutation testing every test reads for itself: a test served from the cache runs none of
  // the reader, so it would not count as covering the reader's mutants and would never be run
  // against them (bench/mutation/marc.vitest.config.ts sets this).
  if (process.env['MARC_SAMPLES_UNCACHED'] === '1') {
    yield* readMarcSync(readFileSync(SAMPLE_DIR + name));
    return;
  }
  let entry = cache.get(name);
  if (!entry) {
    entry = { read: [], rest: readMarcSync(readFileSync(SAMPLE_DIR + name)) };
    cache.set(name, entry);
  }
  for (let i = 0; ; i += 1) {
    if (i < entry.read.length) {
      yield entry.read[i]!;
      continue;
    }
    const next = entry.rest?.next();
    if (!next || next.done) {
      entry.rest = undefined;
      return;
    }
    entry.read.push(next.value);
    yield next.value;
  }
}

/** Every read result of one sample file. */
export function readSample(name: string): ReadResult[] {
  return [...sample(name)];
}

/** The records of one sample file that were read. */
export function sampleRecords(name: string): MarcRecord[] {
  return readSample(name).flatMap((r) => (r.ok ? [r.record] : []));
}

/** The record of a sample file whose 001 is `controlNumber` (the file is read up to it). */
export function sampleRecord(name: string, controlNumber: string): MarcRecord {
  for (const result of sample(name))
    if (result.ok && result.record.fields.some((f) => f.tag === '001' && f.value?.trim() === controlNumber))
      return result.record;
  throw new Error(`no record with 001 ${controlNumber} in ${name}`);
}
