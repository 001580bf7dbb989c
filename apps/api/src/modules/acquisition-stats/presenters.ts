import { stringify } from 'csv-stringify/sync';
import {
  ACQUISITION_MODES,
  ACQUISITION_STATS_KEYS,
  type AcquisitionStats,
  type AcquisitionStatsQuery,
} from '@estante/contract';
import type { ServerLanguage } from '../../lib/messages.ts';
import { translate } from '../circulation/mail-texts.ts';
import type { AcquisitionFigureRow } from './repository.ts';

/** Name of the CSV download. */
export const ACQUISITION_STATS_CSV_NAME = 'estatisticas-aquisicao.csv';

const collator = new Intl.Collator('pt');

/** The grouped rows on the wire: months in order, libraries and areas by name, modes as listed. */
export function presentAcquisitionStats(
  query: AcquisitionStatsQuery,
  rows: AcquisitionFigureRow[],
  libraries: { id: number; name: string }[],
): AcquisitionStats {
  const figures = (row: AcquisitionFigureRow) => ({ titulos: row.titles, exemplares: row.copies });
  const of = (breakdown: AcquisitionFigureRow['breakdown']) => rows.filter((r) => r.breakdown === breakdown);
  const total = of('total')[0];
  const modeOrder = (mode: AcquisitionFigureRow['mode']) =>
    mode === null ? ACQUISITION_MODES.length : ACQUISITION_MODES.indexOf(mode);
  return {
    dataIni: query.dataIni ?? null,
    dataFim: query.dataFim ?? null,
    biblioteca: query.biblioteca ?? null,
    // With nothing acquired the grand-total group still answers one row, of zeros.
    total: total ? figures(total) : { titulos: 0, exemplares: 0 },
    por_periodo: of('month')
      .sort((a, b) => a.month!.localeCompare(b.month!))
      .map((row) => ({ periodo: row.month!, ...figures(row) })),
    por_biblioteca: of('library')
      .sort((a, b) => collator.compare(a.library_name ?? '', b.library_name ?? ''))
      .map((row) => ({
        cod_biblioteca: row.library_id!,
        desc_biblioteca: row.library_name ?? '',
        ...figures(row),
      })),
    // Titles without a knowledge area last.
    por_area: of('area')
      .sort((a, b) =>
        a.area_name === null ? 1 : b.area_name === null ? -1 : collator.compare(a.area_name, b.area_name),
      )
      .map((row) => ({
        cod_area_conhecimento: row.area_id,
        desc_area_conhecimento: row.area_name,
        ...figures(row),
      })),
    por_modo: of('mode')
      .sort((a, b) => modeOrder(a.mode) - modeOrder(b.mode))
      .map((row) => ({ modo: row.mode, ...figures(row) })),
    bibliotecas: libraries.map((library) => ({ cod_biblioteca: library.id, desc_biblioteca: library.name })),
  };
}

/**
 * The same figures as a CSV a spreadsheet opens: one line per figure (breakdown, value, titles,
 * copies), headers and names in the reader's language, months as YYYY-MM so they sort, numbers
 * as plain integers.
 */
export function acquisitionStatsCsv(stats: AcquisitionStats, language: ServerLanguage): string {
  const t = (key: string) => translate(key, language);
  const K = ACQUISITION_STATS_KEYS;
  const lines: (string | number)[][] = [
    [t(K.total), '', stats.total.titulos, stats.total.exemplares],
    ...stats.por_periodo.map((row) => [t(K.byMonth), row.periodo, row.titulos, row.exemplares]),
    ...stats.por_biblioteca.map((row) => [t(K.byLibrary), row.desc_biblioteca, row.titulos, row.exemplares]),
    ...stats.por_area.map((row) => [
      t(K.byArea),
      row.desc_area_conhecimento ?? t(K.noArea),
      row.titulos,
      row.exemplares,
    ]),
    ...stats.por_modo.map((row) => [
      t(K.byMode),
      row.modo ? t(K.mode[row.modo]) : t(K.noMode),
      row.titulos,
      row.exemplares,
    ]),
  ];
  return stringify(lines, {
    header: true,
    columns: [t(K.breakdown), t(K.value), t(K.titles), t(K.copies)],
    bom: true,
    record_delimiter: 'windows',
  });
}
