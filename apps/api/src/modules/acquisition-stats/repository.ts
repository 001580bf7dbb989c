import type { AcquisitionMode } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** Which copies count: acquired from `from` to `to` (each may be open), in one library or all. */
export interface AcquisitionFilter {
  from: string | null;
  to: string | null;
  libraryId: number | null;
}

/** One row of the grouped figures: the total, or one month, library, knowledge area or mode. */
export interface AcquisitionFigureRow {
  breakdown: 'total' | 'month' | 'library' | 'area' | 'mode';
  month: string | null;
  library_id: number | null;
  library_name: string | null;
  area_id: number | null;
  area_name: string | null;
  mode: AcquisitionMode | null;
  titles: number;
  copies: number;
}

/**
 * The figures of every breakdown in one grouped statement: copies acquired, and the distinct titles
 * they belong to, for the whole period and by month, library, the title's knowledge area and mode.
 * A copy without an acquisition day is in no period and is not counted.
 */
export async function acquisitionFigures(
  db: Queryable,
  filter: AcquisitionFilter,
): Promise<AcquisitionFigureRow[]> {
  const { rows } = await db.query<AcquisitionFigureRow>(
    `WITH acquired AS (
       SELECT c.title_id, c.library_id, to_char(c.acquired_on, 'YYYY-MM') AS month,
              t.knowledge_area_id AS area_id, c.acquisition_mode AS mode
         FROM copy c JOIN title t ON t.id = c.title_id
        WHERE c.acquired_on IS NOT NULL
          AND ($1::date IS NULL OR c.acquired_on >= $1::date)
          AND ($2::date IS NULL OR c.acquired_on <= $2::date)
          AND ($3::int IS NULL OR c.library_id = $3::int)
     ), figures AS (
       SELECT CASE WHEN GROUPING(month) = 0 THEN 'month'
                   WHEN GROUPING(library_id) = 0 THEN 'library'
                   WHEN GROUPING(area_id) = 0 THEN 'area'
                   WHEN GROUPING(mode) = 0 THEN 'mode'
                   ELSE 'total' END AS breakdown,
              month, library_id, area_id, mode,
              count(DISTINCT title_id)::int AS titles, count(*)::int AS copies
         FROM acquired
        GROUP BY GROUPING SETS ((), (month), (library_id), (area_id), (mode))
     )
     SELECT f.breakdown, f.month, f.library_id, l.name AS library_name, f.area_id, ka.name AS area_name,
            f.mode, f.titles, f.copies
       FROM figures f
       LEFT JOIN library l ON l.id = f.library_id
       LEFT JOIN knowledge_area ka ON ka.id = f.area_id`,
    [filter.from, filter.to, filter.libraryId],
  );
  return rows;
}

/** Every library, by name, for the filter. */
export async function findLibraries(db: Queryable): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM library ORDER BY name, id',
  );
  return rows;
}
