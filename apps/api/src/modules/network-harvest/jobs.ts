import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { RetryPolicy } from './http.ts';
import { claimSource, type HarvestReport, type HarvestSourceRow } from './repository.ts';
import { CLAIM_LEASE_MS, harvestSource } from './service.ts';

/**
 * A source is due when its last run is this old. A little under a day: the job looks every half
 * hour, so each day's run would otherwise start a little later than the day before.
 */
const DUE_AFTER_MS = 23 * 60 * 60_000;

/** Log lines of the job. */
export interface HarvestJobLog {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

/** One line on a harvest, for the log and the command line. */
export function describeReport(source: HarvestSourceRow, report: HarvestReport): string {
  const what = `${source.base_url} (${source.metadata_prefix}${source.set_spec ? `, set ${source.set_spec}` : ''}) for institution ${source.institution_code}`;
  const counts = `${report.pages} pages, added ${report.added}, updated ${report.updated}, deleted ${report.deleted}, skipped ${report.skipped.length}`;
  return report.ok ? `harvested ${what}: ${counts}` : `harvest of ${what} failed: ${report.error}; ${counts}`;
}

/**
 * Harvests every source not run for a day, one after another, each claimed first: processes
 * sharing the database (several servers, or the command line) never harvest one source at once.
 */
export async function harvestDueSources(options: {
  db: Db;
  clock: Clock;
  log: HarvestJobLog;
  retry?: RetryPolicy;
  /** Stops between pages and sources (the server shutting down). */
  signal?: AbortSignal;
}): Promise<number> {
  const { db, clock, log } = options;
  let harvested = 0;
  for (;;) {
    if (options.signal?.aborted) return harvested;
    const now = clock.now();
    const source = await claimSource(db, {
      now,
      until: new Date(now.getTime() + CLAIM_LEASE_MS),
      dueBefore: new Date(now.getTime() - DUE_AFTER_MS),
    });
    if (!source) return harvested;
    const report = await harvestSource(db, source, {
      clock,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onRetry: (reason, delay) =>
        log.info(
          `network harvest: ${source.base_url}: ${reason}; trying again in ${Math.round(delay / 1000)} s`,
        ),
    });
    harvested++;
    log.info(`network harvest: ${describeReport(source, report)}`);
  }
}

/**
 * The server's daily harvest of the network's sources (decision 0067): every `everyMinutes` it
 * harvests the sources due. Answers a function that stops it, and a harvest under way after its page.
 */
export function startNetworkHarvestJob(options: {
  db: Db;
  clock: Clock;
  log: HarvestJobLog;
  everyMinutes?: number;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const stop = new AbortController();
  const tick = () => {
    running ??= harvestDueSources({ ...options, signal: stop.signal })
      .then(
        () => undefined,
        (error: unknown) => options.log.error(error, 'network harvest failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), (options.everyMinutes ?? 30) * 60_000);
  timer.unref();
  void tick();
  return async () => {
    clearInterval(timer);
    // A harvest under way stops after its page (written whole); the next run does it again.
    stop.abort();
    await running;
  };
}
