import { mapTitle, type MappedTitle, type MarcRecord } from '@estante/marc';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { saveNetworkRecord } from '../network/index.ts';
import { dublinCoreToMarc } from './dublin-core.ts';
import { DEFAULT_RETRY_POLICY, getWithRetry, HarvestRequestFailed, type RetryPolicy } from './http.ts';
import { nextFrom, NotAnOaiAnswer, readOaiAnswer, type OaiAnswer, type OaiItem } from './oai-xml.ts';
import {
  claimSource,
  deleteHarvestedRecord,
  extendClaim,
  finishRun,
  type HarvestReport,
  type HarvestSourceRow,
} from './repository.ts';

/** How long a claim on a source holds without news from its harvest (renewed after each page). */
export const CLAIM_LEASE_MS = 15 * 60_000;

/** How a harvest runs: the clock of its claims and results, its retries, what it tells on the way. */
export interface HarvestOptions {
  clock: Clock;
  retry?: RetryPolicy;
  /** Told of each retry: why, and how long the harvester waits. */
  onRetry?: (reason: string, delayMs: number) => void;
  /** Told after each page is written, with the running totals. */
  onPage?: (report: HarvestReport) => void;
  /** Stops the harvest between pages (the server shutting down); it is done again from the same date. */
  signal?: AbortSignal;
}

/** A harvest stopped by the repository's answer (a protocol error, a token that goes round). */
class HarvestStopped extends Error {
  override name = 'HarvestStopped';
}

/** The URL of one OAI-PMH request to the repository. */
function requestUrl(baseUrl: string, args: Record<string, string>): string {
  const url = new URL(baseUrl);
  for (const [key, value] of Object.entries(args)) url.searchParams.set(key, value);
  return url.toString();
}

/** Protocol errors other than an empty list stop the harvest. */
function failOnErrors(answer: OaiAnswer, request: string): void {
  const errors = answer.errors.filter((e) => e.code !== 'noRecordsMatch');
  if (errors.length > 0)
    throw new HarvestStopped(
      `${request}: the repository answered ${errors.map((e) => `${e.code} (${e.message})`).join(', ')}`,
    );
}

type Prepared =
  | { kind: 'delete'; identifier: string }
  | { kind: 'save'; identifier: string; mapped: MappedTitle; marc: MarcRecord; format: 'marc21' | 'oai_dc' };

/** One harvested item ready to write, or why it cannot be read. */
function prepare(item: OaiItem): Prepared | { error: string } {
  if (!item.identifier) return { error: 'the record has no identifier in its header' };
  if (item.isDeleted) return { kind: 'delete', identifier: item.identifier };
  const metadata = item.metadata!;
  if (metadata.format === 'unreadable') return { error: metadata.reason };
  const datestamp = new Date(item.datestamp);
  const marc =
    metadata.format === 'marc21'
      ? metadata.record
      : dublinCoreToMarc(metadata.values, {
          identifier: item.identifier,
          ...(Number.isNaN(datestamp.getTime()) ? {} : { datestamp }),
        });
  if ('error' in marc) return marc;
  const mapped = mapTitle(marc);
  if ('error' in mapped) return mapped;
  return { kind: 'save', identifier: item.identifier, mapped, marc, format: metadata.format };
}

/** Writes one prepared item; answers what it did. */
async function write(
  tx: Queryable,
  source: HarvestSourceRow,
  item: Prepared & { kind: 'delete' | 'save' },
): Promise<'added' | 'updated' | 'deleted' | 'nothing'> {
  if (item.kind === 'delete')
    return (await deleteHarvestedRecord(tx, source.institution_id, item.identifier)) ? 'deleted' : 'nothing';
  const saved = await saveNetworkRecord(tx, source.institution_id, item.mapped, item.marc, {
    sourceFormat: item.format,
    harvestedFrom: { oaiIdentifier: item.identifier, sourceId: source.id },
  });
  return saved.inserted ? 'added' : 'updated';
}

/**
 * Writes one page in one transaction; if a record spoils it, the records are written one by one
 * so only that one is skipped (as a file import does). A record that cannot be read is skipped
 * before anything is written: never half-imported.
 */
async function writePage(db: Db, source: HarvestSourceRow, items: OaiItem[], report: HarvestReport) {
  const ready: (Prepared & { kind: 'delete' | 'save' })[] = [];
  for (const item of items) {
    const prepared = prepare(item);
    if ('error' in prepared) report.skipped.push({ identifier: item.identifier, reason: prepared.error });
    else ready.push(prepared);
  }
  const count = (outcome: Awaited<ReturnType<typeof write>>) => {
    if (outcome !== 'nothing') report[outcome]++;
  };
  try {
    const outcomes = await db.transaction(async (tx) => {
      const done: Awaited<ReturnType<typeof write>>[] = [];
      for (const item of ready) done.push(await write(tx, source, item));
      return done;
    });
    outcomes.forEach(count);
  } catch {
    for (const item of ready) {
      try {
        count(await db.transaction((tx) => write(tx, source, item)));
      } catch (error) {
        report.skipped.push({ identifier: item.identifier, reason: (error as Error).message });
      }
    }
  }
}

/**
 * Harvests a source the caller has claimed (decision 0067): Identify for the granularity, then
 * ListRecords `from` the last harvest's responseDate (everything the first time), page by page
 * through the resumption tokens. The result is kept on the source, the claim released, and the
 * next `from` moved only when the harvest finished: a failed one is done again from the same date.
 */
export async function harvestSource(
  db: Db,
  source: HarvestSourceRow,
  options: HarvestOptions,
): Promise<HarvestReport> {
  const report: HarvestReport = { ok: false, pages: 0, added: 0, updated: 0, deleted: 0, skipped: [] };
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const get = async (args: Record<string, string>) => {
    if (options.signal?.aborted) throw new HarvestStopped('the harvest was stopped');
    const answer = readOaiAnswer(
      await getWithRetry(requestUrl(source.base_url, args), policy, {
        onRetry: options.onRetry,
        signal: options.signal,
      }),
    );
    failOnErrors(answer, args['verb'] ?? '');
    return answer;
  };
  try {
    const granularity = (await get({ verb: 'Identify' })).granularity ?? 'YYYY-MM-DD';
    const from = source.last_datestamp ? nextFrom(source.last_datestamp, granularity) : null;
    let args: Record<string, string> = {
      verb: 'ListRecords',
      metadataPrefix: source.metadata_prefix,
      ...(source.set_spec ? { set: source.set_spec } : {}),
      ...(from ? { from } : {}),
    };
    let responseDate: string | null = null;
    const tokens = new Set<string>();
    for (;;) {
      const answer = await get(args);
      responseDate ??= answer.responseDate;
      report.pages++;
      await writePage(db, source, answer.items, report);
      await extendClaim(db, source.id, new Date(options.clock.now().getTime() + CLAIM_LEASE_MS));
      options.onPage?.(report);
      const token = answer.resumptionToken;
      if (!token) break;
      if (tokens.has(token))
        throw new HarvestStopped(`the repository gave the resumption token "${token}" twice`);
      tokens.add(token);
      args = { verb: 'ListRecords', resumptionToken: token };
    }
    report.ok = true;
    report.nextFrom = nextFrom(responseDate ?? '', granularity);
  } catch (error) {
    report.error = (error as Error).message;
    // What the repository did is the harvest's result; anything else is a fault of ours, and thrown.
    if (!(
      error instanceof HarvestRequestFailed ||
      error instanceof NotAnOaiAnswer ||
      error instanceof HarvestStopped
    ))
      throw error;
  } finally {
    await finishRun(db, source.id, { at: options.clock.now(), report });
  }
  return report;
}

/** Harvests the source with this id now, unless another process is harvesting it (null then). */
export async function harvestSourceNow(
  db: Db,
  id: number,
  options: HarvestOptions,
): Promise<{ source: HarvestSourceRow; report: HarvestReport } | null> {
  const now = options.clock.now();
  const source = await claimSource(db, { id, now, until: new Date(now.getTime() + CLAIM_LEASE_MS) });
  if (!source) return null;
  return { source, report: await harvestSource(db, source, options) };
}
