import { classify, mapAuthority, mapHoldings, mapTitle, readMarc, type MarcRecord } from '@estante/marc';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { linkHoldingsBatch, saveAuthorities, saveTitles } from '../catalogue/index.ts';
import {
  ensureNetworkInstitution,
  saveNetworkRecord,
  type NetworkInstitutionInput,
} from '../network/index.ts';
import { tellCataloguedSuggestions } from '../suggestions/index.ts';

/** One record that was not imported, with where it was and why. */
export interface SkippedRecord {
  file: string;
  position: number;
  reason: string;
}

/** What an import did, per file or in total. */
export interface ImportSummary {
  read: number;
  inserted: number;
  updated: number;
  skipped: SkippedRecord[];
}

export interface ImportOptions {
  /** Library code for copies whose record names none (and for MFHD holdings without 852 $b). */
  defaultLibraryCode?: string;
  /** Records per transaction; a failed batch is retried one record at a time. */
  batchSize?: number;
  /** Called after each batch with the running totals. */
  onProgress?: (summary: ImportSummary) => void;
  /**
   * Load the file as records of this institution of the library network (SPEC §3 Network record)
   * instead of the local catalogue: bibliographic records only, no copies or authorities.
   */
  network?: NetworkInstitutionInput;
  /** Sends the e-mails of suggesters whose suggested title a record brings (decision 0050). */
  mailer?: Mailer | undefined;
  onMailError?: (error: unknown) => void;
  clock?: Clock;
}

type Prepared =
  | {
      kind: 'title';
      position: number;
      record: MarcRecord;
      mapped: Exclude<ReturnType<typeof mapTitle>, { error: string }>;
    }
  | {
      kind: 'authority';
      position: number;
      record: MarcRecord;
      mapped: Exclude<ReturnType<typeof mapAuthority>, { error: string }>;
    }
  | {
      kind: 'holdings';
      position: number;
      record: MarcRecord;
      mapped: Exclude<ReturnType<typeof mapHoldings>, { error: string }>;
    };

/** Maps one read record, or says why it cannot be imported. */
function prepare(record: MarcRecord, position: number): Prepared | { error: string } {
  const kind = classify(record);
  if (kind === 'bibliographic') {
    const mapped = mapTitle(record);
    return 'error' in mapped ? mapped : { kind: 'title', position, record, mapped };
  }
  if (kind === 'authority') {
    const mapped = mapAuthority(record);
    return 'error' in mapped ? mapped : { kind: 'authority', position, record, mapped };
  }
  if (kind === 'holdings') {
    const mapped = mapHoldings(record);
    return 'error' in mapped ? mapped : { kind: 'holdings', position, record, mapped };
  }
  // Some exports leave leader/06 blank on ordinary bibliographic records: a 245 says what it is.
  if (record.fields.some((f) => f.tag === '245')) {
    const mapped = mapTitle(record);
    return 'error' in mapped ? mapped : { kind: 'title', position, record, mapped };
  }
  return { error: `unknown record type (leader/06 "${record.leader.charAt(6)}") and no title (245)` };
}

/** What writing a record did: its id and whether it was new, or why it was not written. */
type Written = { id: number; inserted: boolean } | { skipped: string };

/**
 * Writes prepared records in order, a few statements per run of records of one kind (decision
 * 0072): titles, authorities and holdings each go set-based, so a holdings record still finds a
 * title written before it in the same batch.
 */
async function writeAll(
  tx: Queryable,
  items: readonly Prepared[],
  format: 'marc21' | 'marcxml',
  options: ImportOptions,
  networkInstitutionId: number | null,
): Promise<Written[]> {
  const out: Written[] = [];
  for (const run of runsOfOneKind(items)) {
    const first = run[0]!;
    if (networkInstitutionId !== null) {
      // prepare() let only bibliographic records through for a network import.
      for (const item of run) {
        if (item.kind !== 'title') throw new Error(`a ${item.kind} record cannot be a network record`);
        out.push(
          await saveNetworkRecord(tx, networkInstitutionId, item.mapped, item.record, {
            sourceFormat: format,
          }),
        );
      }
    } else if (first.kind === 'title') {
      const titles = run.flatMap((item) =>
        item.kind === 'title' ? [{ mapped: item.mapped, marc: item.record }] : [],
      );
      out.push(
        ...(await saveTitles(tx, titles, {
          sourceFormat: format,
          ...(options.defaultLibraryCode ? { defaultLibraryCode: options.defaultLibraryCode } : {}),
        })),
      );
    } else if (first.kind === 'authority') {
      const authorities = run.flatMap((item) =>
        item.kind === 'authority' ? [{ mapped: item.mapped, marc: item.record }] : [],
      );
      out.push(...(await saveAuthorities(tx, authorities)));
    } else {
      const holdings = run.flatMap((item) =>
        item.kind === 'holdings' ? [{ holdings: item.mapped, position: item.position }] : [],
      );
      const titleIds = await linkHoldingsBatch(tx, holdings, {
        defaultLibraryCode: options.defaultLibraryCode ?? 'BC',
      });
      out.push(
        ...holdings.map(({ holdings: h }, i): Written =>
          titleIds[i]
            ? { id: 0, inserted: true }
            : { skipped: holdingsWithoutTitle(h.linkedControlNumber, h.controlNumber) },
        ),
      );
    }
  }
  return out;
}

/** Consecutive records of one kind, in file order. */
function runsOfOneKind(items: readonly Prepared[]): Prepared[][] {
  const runs: Prepared[][] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && last[0]!.kind === item.kind) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

function holdingsWithoutTitle(linked: string | null, own: string | null): string {
  return `holdings record for a title not in the catalogue (004 "${linked ?? ''}", 001 "${own ?? ''}")`;
}

/** Imports one MARC file (ISO 2709 or MARCXML); a broken record is reported and skipped, never half-written. */
export async function importFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, inserted: 0, updated: 0, skipped: [] };
  const batchSize = options.batchSize ?? 500;
  const format = /\.xml$/i.test(file) ? 'marcxml' : 'marc21';
  let batch: Prepared[] = [];
  const networkInstitutionId = options.network
    ? (await ensureNetworkInstitution(db, options.network)).id
    : null;

  // Titles written by the batch: the suggestions they answer are told after it (decision 0050).
  let titleIds: number[] = [];
  const record = (item: Prepared, result: Written) => {
    if ('skipped' in result) {
      summary.skipped.push({ file, position: item.position, reason: result.skipped });
      return;
    }
    if (result.inserted) summary.inserted++;
    else summary.updated++;
    if (item.kind === 'title' && networkInstitutionId === null) titleIds.push(result.id);
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    try {
      const results = await db.transaction((tx) =>
        writeAll(tx, items, format, options, networkInstitutionId),
      );
      items.forEach((item, i) => record(item, results[i]!));
    } catch {
      // One record spoiled the batch: write them one by one so only that record is skipped.
      for (const item of items) {
        try {
          const [result] = await db.transaction((tx) =>
            writeAll(tx, [item], format, options, networkInstitutionId),
          );
          record(item, result!);
        } catch (error) {
          summary.skipped.push({ file, position: item.position, reason: (error as Error).message });
        }
      }
    }
    const written = titleIds;
    titleIds = [];
    await tellCataloguedSuggestions(db, options.clock ?? systemClock, written, {
      mailer: options.mailer,
      ...(options.onMailError ? { onMailError: options.onMailError } : {}),
    });
    options.onProgress?.(summary);
  };

  for await (const result of readMarc(file)) {
    summary.read++;
    if (!result.ok) {
      summary.skipped.push({ file, position: result.position, reason: result.reason });
      continue;
    }
    const prepared = prepare(result.record, result.position);
    if (!('error' in prepared) && networkInstitutionId !== null && prepared.kind !== 'title') {
      // The network holds other institutions' titles; their authorities and holdings stay with them.
      summary.skipped.push({
        file,
        position: result.position,
        reason: `not a bibliographic record (${prepared.kind}): a network import loads titles only`,
      });
      continue;
    }
    if ('error' in prepared) {
      summary.skipped.push({ file, position: result.position, reason: prepared.error });
      continue;
    }
    batch.push(prepared);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return summary;
}
