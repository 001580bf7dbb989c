import type { Queryable } from '../../lib/db/index.ts';

/** The states of an import job as the table keeps them. */
export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed' | 'interrupted';

/** One row of `marc_import_job`. */
export interface ImportJobRow {
  id: number;
  file_name: string;
  format: 'marc21' | 'marcxml';
  size_bytes: number;
  status: ImportJobStatus;
  uploaded_by_login: string;
  uploaded_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  records_read: number;
  records_inserted: number;
  records_updated: number;
  records_skipped: number;
  skipped: { position: number; reason: string }[];
  error: string | null;
}

const COLUMNS = `id::int AS id, file_name, format, size_bytes::int AS size_bytes, status, uploaded_by_login,
  uploaded_at, started_at, finished_at, records_read, records_inserted, records_updated, records_skipped,
  skipped, error`;

/** Adds a queued job for an uploaded file; returns it. */
export async function insertImportJob(
  tx: Queryable,
  job: {
    fileName: string;
    format: 'marc21' | 'marcxml';
    sizeBytes: number;
    uploadedBy: { patronId: number | null; login: string };
    at: Date;
  },
): Promise<ImportJobRow> {
  const { rows } = await tx.query<ImportJobRow>(
    `INSERT INTO marc_import_job (file_name, format, size_bytes, uploaded_by_id, uploaded_by_login, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [job.fileName, job.format, job.sizeBytes, job.uploadedBy.patronId, job.uploadedBy.login, job.at],
  );
  return rows[0]!;
}

/** One job, or null. */
export async function findImportJob(db: Queryable, id: number): Promise<ImportJobRow | null> {
  const { rows } = await db.query<ImportJobRow>(`SELECT ${COLUMNS} FROM marc_import_job WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The latest jobs, newest first. */
export async function listImportJobs(db: Queryable, limit: number): Promise<ImportJobRow[]> {
  const { rows } = await db.query<ImportJobRow>(
    `SELECT ${COLUMNS} FROM marc_import_job ORDER BY uploaded_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Marks a job as started. */
export async function startImportJob(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(`UPDATE marc_import_job SET status = 'running', started_at = $2 WHERE id = $1`, [id, at]);
}

/** Writes a job's running totals (and, when it ends, its final state). */
export async function writeImportProgress(
  db: Queryable,
  id: number,
  progress: {
    read: number;
    inserted: number;
    updated: number;
    skippedCount: number;
    skipped: { position: number; reason: string }[];
    end?: { status: 'done' | 'failed' | 'interrupted'; at: Date; error: string | null };
  },
): Promise<void> {
  await db.query(
    `UPDATE marc_import_job
        SET records_read = $2, records_inserted = $3, records_updated = $4, records_skipped = $5,
            skipped = $6::jsonb,
            status = COALESCE($7, status), finished_at = COALESCE($8, finished_at), error = COALESCE($9, error)
      WHERE id = $1`,
    [
      id,
      progress.read,
      progress.inserted,
      progress.updated,
      progress.skippedCount,
      JSON.stringify(progress.skipped),
      progress.end?.status ?? null,
      progress.end?.at ?? null,
      progress.end?.error ?? null,
    ],
  );
}

/**
 * Jobs a stopped server left queued or running: their files are gone with the process, so they are
 * marked interrupted (the records already written are whole; uploading the file again completes it).
 */
export async function interruptUnfinishedJobs(db: Queryable, at: Date): Promise<number> {
  const { rows } = await db.query(
    `UPDATE marc_import_job SET status = 'interrupted', finished_at = $1
      WHERE status IN ('queued', 'running') RETURNING id`,
    [at],
  );
  return rows.length;
}

/** How many titles the catalogue has (whether an import grew it enough to rebuild the search statistics). */
export async function countTitles(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
}
