import type { AcquisitionStats, AcquisitionStatsQuery } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { ACQUISITION_STATS_ERRORS } from './errors.ts';
import { presentAcquisitionStats } from './presenters.ts';
import { acquisitionFigures, findLibraries } from './repository.ts';

/** SPEC §7 GET /aquisicao/estatisticas: the figures of a period, checked as every date range is. */
export async function acquisitionStats(db: Db, query: AcquisitionStatsQuery): Promise<AcquisitionStats> {
  // SPEC §5: the start date is not after the end date.
  if (query.dataIni && query.dataFim && query.dataIni > query.dataFim)
    throw ACQUISITION_STATS_ERRORS.dateRange();
  const libraries = await findLibraries(db);
  const libraryId = query.biblioteca ?? null;
  if (libraryId !== null && !libraries.some((library) => library.id === libraryId)) {
    throw ACQUISITION_STATS_ERRORS.libraryNotFound();
  }
  const rows = await acquisitionFigures(db, {
    from: query.dataIni ?? null,
    to: query.dataFim ?? null,
    libraryId,
  });
  return presentAcquisitionStats(query, rows, libraries);
}
