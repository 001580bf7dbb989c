import { rm } from 'node:fs/promises';
import { MARC_IMPORT_SKIPPED_KEPT } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { rebuildSearchStats } from '../search/index.ts';
import { countTitles, startImportJob, writeImportProgress } from './jobs-repository.ts';
import { importFile, type ImportSummary } from './service.ts';

/** An uploaded file waiting to be imported: its job and where the upload was written. */
export interface QueuedImport {
  jobId: number;
  /** The file on disk (its extension says the format to the importer). */
  path: string;
  /** The upload's own temporary folder, removed when the import ends. */
  dir: string;
}

/** Imports uploaded files on the server, one after another, after their upload has answered. */
export interface ImportQueue {
  enqueue(item: QueuedImport): void;
  /** Stops taking files: the running import stops after its current batch, queued ones are marked interrupted. */
  close(): Promise<void>;
}

class ServerStopping extends Error {
  constructor() {
    super('the server stopped during the import');
  }
}

/**
 * The queue of uploaded MARC files (decision 0063). One import runs at a time, so two cataloguers'
 * files never race for the same control numbers; each writes its running totals to its job after
 * every batch, and the search statistics are rebuilt as `estante import` does when the catalogue
 * grew by a tenth. A broken record is skipped and reported by the importer, never half-written.
 */
export function createImportQueue(options: {
  db: Db;
  clock: Clock;
  mailer?: Mailer | undefined;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
}): ImportQueue {
  const { db, clock } = options;
  let tail: Promise<void> = Promise.resolve();
  let closing = false;

  const progressOf = (summary: ImportSummary) => ({
    read: summary.read,
    inserted: summary.inserted,
    updated: summary.updated,
    skippedCount: summary.skipped.length,
    // The file's path on the server means nothing to the reader: only where in the file, and why.
    skipped: summary.skipped
      .slice(0, MARC_IMPORT_SKIPPED_KEPT)
      .map(({ position, reason }) => ({ position, reason })),
  });

  async function run(item: QueuedImport): Promise<void> {
    const latest: ImportSummary = { read: 0, inserted: 0, updated: 0, skipped: [] };
    try {
      if (closing) throw new ServerStopping();
      await startImportJob(db, item.jobId, clock.now());
      const before = await countTitles(db);
      // The importer reports progress synchronously; the writes are chained so they land in order.
      let writes: Promise<void> = Promise.resolve();
      let summary: ImportSummary;
      try {
        summary = await importFile(db, item.path, {
          mailer: options.mailer,
          onMailError: (error) => options.log.warn({ err: error }, "a suggester's e-mail was not sent"),
          clock,
          onProgress: (running) => {
            Object.assign(latest, running);
            const progress = progressOf(running);
            writes = writes.then(() => writeImportProgress(db, item.jobId, progress));
            // Throwing here stops the importer between batches: only whole records are written.
            if (closing) throw new ServerStopping();
          },
        });
      } finally {
        await writes;
      }
      // A catalogue grown by a tenth has other frequent words (docs/search.md "Kept counts").
      if (summary.inserted >= Math.max(1, before / 10)) await rebuildSearchStats(db);
      await writeImportProgress(db, item.jobId, {
        ...progressOf(summary),
        end: { status: 'done', at: clock.now(), error: null },
      });
    } catch (error) {
      const stopped = error instanceof ServerStopping;
      if (!stopped) options.log.error({ err: error }, 'a MARC import failed');
      await writeImportProgress(db, item.jobId, {
        ...progressOf(latest),
        end: {
          status: stopped ? 'interrupted' : 'failed',
          at: clock.now(),
          error: stopped ? null : (error as Error).message,
        },
      }).catch((writeError: unknown) =>
        options.log.error({ err: writeError }, 'the end of a MARC import was not recorded'),
      );
    } finally {
      await rm(item.dir, { recursive: true, force: true });
    }
  }

  return {
    enqueue(item) {
      tail = tail.then(() => run(item));
    },
    async close() {
      closing = true;
      await tail;
    },
  };
}
