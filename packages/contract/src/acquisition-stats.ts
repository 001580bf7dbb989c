import { z } from 'zod';
import { calendarDaySchema, queryIdSchema } from './schemas/input.ts';

/** Acquisition modes of a copy (decision 0051; Pergamum's compra, doação, permuta). */
export const ACQUISITION_MODES = ['compra', 'doacao', 'permuta'] as const;
export type AcquisitionMode = (typeof ACQUISITION_MODES)[number];

/** Translation keys of the acquisition statistics: screen, table headers and the CSV's, in one place. */
export const ACQUISITION_STATS_KEYS = {
  dateRange: 'acquisitionStats.errors.dateRange',
  breakdown: 'acquisitionStats.column.breakdown',
  value: 'acquisitionStats.column.value',
  titles: 'acquisitionStats.column.titles',
  copies: 'acquisitionStats.column.copies',
  total: 'acquisitionStats.breakdown.total',
  byMonth: 'acquisitionStats.breakdown.month',
  byLibrary: 'acquisitionStats.breakdown.library',
  byArea: 'acquisitionStats.breakdown.area',
  byMode: 'acquisitionStats.breakdown.mode',
  noArea: 'acquisitionStats.noArea',
  noMode: 'acquisitionStats.noMode',
  mode: {
    compra: 'acquisitionStats.modeName.compra',
    doacao: 'acquisitionStats.modeName.doacao',
    permuta: 'acquisitionStats.modeName.permuta',
  },
} as const;

/** 422 refusal of the statistics: the start after the end (SPEC §5). */
export const ACQUISITION_STATS_ERROR = {
  DATE_RANGE: { code: 'DATE_RANGE', key: ACQUISITION_STATS_KEYS.dateRange },
} as const;

/** The statistics' download formats: JSON (default) or CSV (also chosen by `Accept: text/csv`). */
export const ACQUISITION_STATS_FORMATS = ['json', 'csv'] as const;

/**
 * SPEC §7 GET /aquisicao/estatisticas (dataIni, dataFim, biblioteca): copies acquired from dataIni
 * to dataFim (each may be left open), in one library or all. `formato=csv` answers the same figures
 * as a CSV file.
 */
export const AcquisitionStatsQuerySchema = z.object({
  dataIni: calendarDaySchema().optional().describe('First day of acquisition (open when left out)'),
  dataFim: calendarDaySchema().optional().describe('Last day of acquisition (open when left out)'),
  biblioteca: queryIdSchema().optional().describe('cod_biblioteca: only copies of this library'),
  formato: z.enum(ACQUISITION_STATS_FORMATS).optional().describe('json (default) or csv'),
});
export type AcquisitionStatsQuery = z.infer<typeof AcquisitionStatsQuerySchema>;

/** Titles (distinct, with a copy acquired in the row) and copies acquired. */
const figures = {
  titulos: z.number().int().min(0),
  exemplares: z.number().int().min(0),
};

/** One month (YYYY-MM) with acquisitions. */
export const AcquisitionStatsMonthSchema = z.object({ periodo: z.string(), ...figures });
/** One library with acquisitions. */
export const AcquisitionStatsLibrarySchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  ...figures,
});
/** One knowledge area of the titles (SPEC §3), null for titles without one. */
export const AcquisitionStatsAreaSchema = z.object({
  cod_area_conhecimento: z.number().int().nullable(),
  desc_area_conhecimento: z.string().nullable(),
  ...figures,
});
/** One acquisition mode, null for copies whose mode was not recorded. */
export const AcquisitionStatsModeSchema = z.object({
  modo: z.enum(ACQUISITION_MODES).nullable(),
  ...figures,
});

/** The answer: the period asked, the totals and the four breakdowns, plus the libraries to filter by. */
export const AcquisitionStatsSchema = z.object({
  dataIni: z.string().nullable(),
  dataFim: z.string().nullable(),
  biblioteca: z.number().int().nullable(),
  total: z.object(figures),
  por_periodo: z.array(AcquisitionStatsMonthSchema),
  por_biblioteca: z.array(AcquisitionStatsLibrarySchema),
  por_area: z.array(AcquisitionStatsAreaSchema),
  por_modo: z.array(AcquisitionStatsModeSchema),
  /** Every library, for the filter. */
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
});
export type AcquisitionStats = z.infer<typeof AcquisitionStatsSchema>;
