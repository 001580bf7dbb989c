import type { Queryable } from '../../lib/db/index.ts';

/** The metadata formats the harvester reads. */
export type HarvestFormat = 'marc21' | 'oai_dc';

/** What one harvest did (kept as the source's last result). */
export interface HarvestReport {
  ok: boolean;
  pages: number;
  added: number;
  updated: number;
  deleted: number;
  /** Records read but not kept, with why. */
  skipped: { identifier: string; reason: string }[];
  /** Why the harvest stopped, when it did not finish. */
  error?: string;
  /** The `from` of the next harvest (the repository's responseDate), when this one finished. */
  nextFrom?: string | null;
}

/** A repository harvested into the network tab, with its institution. */
export interface HarvestSourceRow {
  id: number;
  base_url: string;
  set_spec: string;
  metadata_prefix: HarvestFormat;
  last_datestamp: string | null;
  last_run_at: Date | null;
  last_result: HarvestReport | null;
  claimed_until: Date | null;
  institution_id: number;
  institution_code: number;
  institution_name: string;
  records: number;
}

const SOURCE_COLUMNS = `s.id, s.base_url, s.set_spec, s.metadata_prefix, s.last_datestamp, s.last_run_at,
  s.last_result, s.claimed_until, s.institution_id, i.code AS institution_code, i.name AS institution_name,
  (SELECT count(*)::int FROM network_record r WHERE r.harvest_source_id = s.id) AS records`;

/** The source for this URL, set and format, added for the institution when new. */
export async function upsertSource(
  db: Queryable,
  source: { baseUrl: string; setSpec: string; format: HarvestFormat; institutionId: number },
): Promise<{ id: number; inserted: boolean; institutionId: number }> {
  const { rows } = await db.query<{ id: number; inserted: boolean; institution_id: number }>(
    `INSERT INTO network_harvest_source (base_url, set_spec, metadata_prefix, institution_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (base_url, set_spec, metadata_prefix) DO UPDATE SET base_url = excluded.base_url
     RETURNING id, (xmax = 0) AS inserted, institution_id`,
    [source.baseUrl, source.setSpec, source.format, source.institutionId],
  );
  const row = rows[0]!;
  return { id: row.id, inserted: row.inserted, institutionId: row.institution_id };
}

/** Every source, by institution code and URL. */
export async function listSources(db: Queryable): Promise<HarvestSourceRow[]> {
  const { rows } = await db.query<HarvestSourceRow>(
    `SELECT ${SOURCE_COLUMNS} FROM network_harvest_source s JOIN network_institution i ON i.id = s.institution_id
      ORDER BY i.code, s.base_url, s.set_spec, s.metadata_prefix`,
  );
  return rows;
}

/**
 * Claims a source for one harvest until `until`, unless another process holds it: the source
 * `id`, or else the source longest without a run among those not run since `dueBefore`.
 * Answers null when there is none to claim.
 */
export async function claimSource(
  db: Queryable,
  options: { now: Date; until: Date } & ({ id: number } | { dueBefore: Date }),
): Promise<HarvestSourceRow | null> {
  const which =
    'id' in options
      ? { sql: 's.id = $3', param: options.id }
      : { sql: '(s.last_run_at IS NULL OR s.last_run_at < $3)', param: options.dueBefore };
  // SKIP LOCKED: two processes claiming at once take different sources (or none) instead of waiting.
  const { rows } = await db.query<{ id: number }>(
    `UPDATE network_harvest_source SET claimed_until = $2
      WHERE id = (SELECT s.id FROM network_harvest_source s
                   WHERE ${which.sql} AND (s.claimed_until IS NULL OR s.claimed_until < $1)
                   ORDER BY s.last_run_at NULLS FIRST, s.id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [options.now, options.until, which.param],
  );
  if (!rows[0]) return null;
  return findSource(db, rows[0].id);
}

/** One source with its institution, or null. */
export async function findSource(db: Queryable, id: number): Promise<HarvestSourceRow | null> {
  const { rows } = await db.query<HarvestSourceRow>(
    `SELECT ${SOURCE_COLUMNS} FROM network_harvest_source s JOIN network_institution i ON i.id = s.institution_id
      WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Keeps the claim while a long harvest goes on. */
export async function extendClaim(db: Queryable, id: number, until: Date): Promise<void> {
  await db.query('UPDATE network_harvest_source SET claimed_until = $2 WHERE id = $1', [id, until]);
}

/** Ends a run: its result, the next `from` when it finished, and the claim released. */
export async function finishRun(
  db: Queryable,
  id: number,
  run: { at: Date; report: HarvestReport },
): Promise<void> {
  await db.query(
    `UPDATE network_harvest_source
        SET last_run_at = $2, last_result = $3::jsonb, claimed_until = NULL,
            last_datestamp = CASE WHEN $4::boolean THEN $5 ELSE last_datestamp END
      WHERE id = $1`,
    [
      id,
      run.at,
      JSON.stringify(run.report),
      run.report.ok && run.report.nextFrom !== undefined,
      run.report.nextFrom ?? null,
    ],
  );
}

/** Removes a source and the records it harvested; answers how many records went, or null without it. */
export async function removeSource(db: Queryable, id: number): Promise<number | null> {
  const source = await findSource(db, id);
  if (!source) return null;
  // Its records go with it (ON DELETE CASCADE).
  await db.query('DELETE FROM network_harvest_source WHERE id = $1', [id]);
  return source.records;
}

/** Removes the institution's record of this OAI item; answers whether there was one. */
export async function deleteHarvestedRecord(
  tx: Queryable,
  institutionId: number,
  oaiIdentifier: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: number }>(
    'DELETE FROM network_record WHERE institution_id = $1 AND oai_identifier = $2 RETURNING id',
    [institutionId, oaiIdentifier],
  );
  return rows.length > 0;
}
