import { z } from 'zod';
import { calendarDaySchema } from './schemas/input.ts';
import { MAX_INTEGER_ID } from './input.ts';

/**
 * GET /acervo/{id}/totais (dataIni, dataFim, biblioteca): a title's circulation in a period
 * (decision 0053). Both days are optional (default: the last twelve months up to today, in the
 * library's calendar); the start may not be after the end (SPEC §5, 422 DATE_RANGE).
 */
export const TitleTotalsQuerySchema = z.object({
  dataIni: calendarDaySchema().optional(),
  dataFim: calendarDaySchema().optional(),
  biblioteca: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number().int().min(1).max(MAX_INTEGER_ID).optional(),
  ),
});
export type TitleTotalsQuery = z.input<typeof TitleTotalsQuerySchema>;

/** The figures of one library (or of every library together) for the period. */
export const TitleTotalsRowSchema = z.object({
  /** The library; null on the row of every library together. */
  cod_biblioteca: z.number().int().nullable(),
  desc_biblioteca: z.string().nullable(),
  /** Copies the library holds now, and those of them on the shelf now (not a figure of the period). */
  exemplares: z.number().int(),
  exemplares_disponiveis: z.number().int(),
  /** Loans of its copies that started in the period. */
  emprestimos: z.number().int(),
  /** Renewals of loans of its copies made in the period (each renewal once). */
  renovacoes: z.number().int(),
  /** Holds placed in the period to be picked up at the library. */
  reservas: z.number().int(),
  /** Loan requests (solicitação de empréstimo) made in the period for its copies. */
  solicitacoes: z.number().int(),
});
export type TitleTotalsRow = z.infer<typeof TitleTotalsRowSchema>;

/** GET /acervo/{id}/totais answer: the period counted, a row per library and the sum. */
export const TitleTotalsSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  dataIni: z.string(),
  dataFim: z.string(),
  bibliotecas: z.array(TitleTotalsRowSchema),
  total: TitleTotalsRowSchema,
});
export type TitleTotals = z.infer<typeof TitleTotalsSchema>;

/** GET /acervo/{id}/bibliotecas: the libraries that hold copies of the title, with how many. */
export const TitleLibrarySchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  cod_campus: z.number().int(),
  exemplares: z.number().int(),
  exemplares_disponiveis: z.number().int(),
});
export type TitleLibrary = z.infer<typeof TitleLibrarySchema>;
export const TitleLibrariesSchema = z.array(TitleLibrarySchema);

/**
 * GET /acervo/{id}/cor: the colour of the spine label the library puts on copies of the title's
 * work type (decision 0053), as #rrggbb; null when that work type has none.
 */
export const TitleColourSchema = z.object({
  cod_acervo: z.number().int(),
  cod_tipo_obra: z.string(),
  desc_tipo_obra: z.string(),
  cor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .nullable(),
});
export type TitleColour = z.infer<typeof TitleColourSchema>;

/** Translation keys of the title-totals refusals (422 messages are keys, SPEC §8). */
export const TITLE_TOTALS_ERROR = {
  DATE_RANGE: { code: 'DATE_RANGE', key: 'titleTotals.errors.dateRange' },
} as const;
