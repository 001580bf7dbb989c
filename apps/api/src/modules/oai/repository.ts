import type { Queryable } from '../../lib/db/index.ts';

/** One item of the repository: a title of the local catalogue, or the tombstone of a deleted one. */
export interface OaiItemRow {
  id: number;
  datestamp: Date;
  isDeleted: boolean;
  setSpecs: string[];
  /** The datestamp to the microsecond, which keys the title's written records (RecordCache). */
  stamp: string;
  /** The stored MARC record (JSON); null for a deleted title, one without a record, or in a list. */
  marc: unknown;
}

/** What a list asks for; dates are instants, until at its last millisecond. */
export interface OaiItemFilter {
  from?: Date;
  until?: Date;
  /** A setSpec: a leaf (`tipo:LIVRO`) or a top set (`tipo`) meaning all its subsets. */
  set?: string;
}

// The sets a live title is in (decision 0064): its work type, its collection (series) and the
// libraries holding its copies, each part made safe for a setSpec by oai_set_part (migration 0039).
const TITLE_SETS = `array_remove(ARRAY['tipo:' || public.oai_set_part(t.work_type),
    'colecao:' || nullif(lower(public.oai_set_part(t.series)), '')]
  || coalesce((SELECT array_agg(DISTINCT 'biblioteca:' || public.oai_set_part(l.code) ORDER BY 'biblioteca:' || public.oai_set_part(l.code))
                 FROM copy c JOIN library l ON l.id = c.library_id WHERE c.title_id = t.id), '{}'), NULL)`;

// The datestamp to the microsecond, as text: a Date keeps only milliseconds.
const STAMP = (table: string) => `((extract(epoch FROM ${table}.datestamp) * 1000000)::bigint)::text`;

// The items a list selects: a title without a MARC record (no leader) cannot be disseminated in
// any format, so it is not an item. Each condition is written into both branches only when the list
// asks for it. A page takes the first items of each branch in id order: the titles come from the
// partial index on `marc ? 'leader'` (migration 0042), and a branch stops after the page, so the
// sets (and the records) are computed only for the page's items, not for every later title.
function items(filter: OaiItemFilter, params: unknown[], page?: { after: number; limit: number }): string {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const live: string[] = [`t.marc ? 'leader'`];
  const gone: string[] = [];
  const both = (condition: (table: string) => string) => {
    live.push(condition('t'));
    gone.push(condition('d'));
  };
  if (page) {
    const p = param(page.after);
    both((x) => `${x}.id > ${p}`);
  }
  if (filter.from) {
    const p = param(filter.from);
    both((x) => `${x}.datestamp >= ${p}::timestamptz`);
  }
  if (filter.until) {
    const p = param(filter.until);
    both((x) => `${x}.datestamp <= ${p}::timestamptz`);
  }
  if (filter.set !== undefined) {
    // A leaf, or a top set meaning all its subsets.
    const p = param(filter.set);
    const inSet = (specs: string) =>
      `EXISTS (SELECT 1 FROM unnest(${specs}) s WHERE s = ${p}::text OR s LIKE ${p}::text || ':%')`;
    live.push(inSet(TITLE_SETS));
    gone.push(inSet('d.set_specs'));
  }
  const where = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');
  if (!page)
    return `SELECT t.id FROM title t ${where(live)} UNION ALL SELECT d.id FROM oai_deleted_title d ${where(gone)}`;
  const limit = param(page.limit);
  return `SELECT * FROM (
      (SELECT t.id, t.datestamp, ${STAMP('t')} AS stamp, false AS is_deleted, ${TITLE_SETS} AS set_specs,
              NULL::jsonb AS marc
         FROM title t ${where(live)} ORDER BY t.id LIMIT ${limit})
      UNION ALL
      (SELECT d.id, d.datestamp, ${STAMP('d')}, true, d.set_specs, NULL::jsonb
         FROM oai_deleted_title d ${where(gone)} ORDER BY d.id LIMIT ${limit})
    ) i ORDER BY i.id LIMIT ${limit}`;
}

interface ItemRecord {
  id: number;
  datestamp: Date;
  stamp: string;
  is_deleted: boolean;
  set_specs: string[];
  marc: unknown;
}

const toItem = (r: ItemRecord): OaiItemRow => ({
  id: r.id,
  datestamp: new Date(r.datestamp),
  stamp: r.stamp,
  isDeleted: r.is_deleted,
  setSpecs: r.set_specs,
  marc: r.marc,
});

/**
 * One page of items after a title id, in id order, without their MARC records: a page of records
 * reads those it has not cached by findRecords.
 */
export async function findItems(
  db: Queryable,
  filter: OaiItemFilter,
  options: { after: number; limit: number },
): Promise<OaiItemRow[]> {
  const params: unknown[] = [];
  const { rows } = await db.query<ItemRecord>(items(filter, params, options), params);
  return rows.map(toItem);
}

/** How many items a list has in all (its completeListSize). */
export async function countItems(db: Queryable, filter: OaiItemFilter): Promise<number> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${items(filter, params)}) i`,
    params,
  );
  return rows[0]!.n;
}

/**
 * The MARC records of these titles with the datestamp each was read at, for the items of a page
 * whose written record is not cached; a title gone or without a record since the page is absent.
 */
export async function findRecords(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { stamp: string; marc: unknown }>> {
  const { rows } = await db.query<{ id: number; stamp: string; marc: unknown }>(
    `SELECT t.id, ${STAMP('t')} AS stamp, t.marc FROM title t WHERE t.id = ANY($1::int[]) AND t.marc ? 'leader'`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { stamp: r.stamp, marc: r.marc }]));
}

/** One item by title id, live or deleted; null when the repository never had it. */
export async function findItem(db: Queryable, id: number): Promise<OaiItemRow | null> {
  const { rows } = await db.query<ItemRecord & { has_marc: boolean }>(
    `SELECT t.id, t.datestamp, ${STAMP('t')} AS stamp, false AS is_deleted, ${TITLE_SETS} AS set_specs, t.marc, (t.marc ? 'leader') AS has_marc
       FROM title t WHERE t.id = $1
     UNION ALL
     SELECT d.id, d.datestamp, ${STAMP('d')}, true, d.set_specs, NULL::jsonb, true FROM oai_deleted_title d
      WHERE d.id = $1 AND NOT EXISTS (SELECT 1 FROM title WHERE id = $1)`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...toItem(row), marc: row.has_marc ? row.marc : null };
}

/** The oldest datestamp the repository holds (Identify's earliestDatestamp); null when it is empty. */
export async function earliestDatestamp(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ earliest: Date | null }>(
    `SELECT least((SELECT min(datestamp) FROM title), (SELECT min(datestamp) FROM oai_deleted_title)) AS earliest`,
  );
  return rows[0]?.earliest ? new Date(rows[0].earliest) : null;
}

/** One set: its spec and its name. */
export interface OaiSetRow {
  spec: string;
  name: string;
}

/** The sets: libraries, work types and collections (series) that have titles, each under its top set. */
export async function listSets(db: Queryable): Promise<OaiSetRow[]> {
  const { rows } = await db.query<OaiSetRow>(
    `SELECT spec, min(name) AS name FROM (
       SELECT 'biblioteca:' || public.oai_set_part(l.code) AS spec, l.name FROM library l
        WHERE public.oai_set_part(l.code) <> ''
       UNION ALL
       SELECT 'tipo:' || public.oai_set_part(w.code), w.label_pt FROM work_type w
        WHERE public.oai_set_part(w.code) <> ''
       UNION ALL
       SELECT DISTINCT 'colecao:' || lower(public.oai_set_part(t.series)), t.series FROM title t
        WHERE t.series IS NOT NULL AND public.oai_set_part(t.series) <> ''
     ) s GROUP BY spec ORDER BY spec`,
  );
  return rows;
}
