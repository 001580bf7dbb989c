import { z } from 'zod';
import { MAX_INTEGER_ID } from '../input.ts';
import { TAB } from '../search-tab-rules.ts';
import { LibrarySchema } from './institution.ts';
import { CourseSchema, DisciplineSchema } from './lookups.ts';
import { SearchHitSchema, SearchQuerySchema } from './search.ts';

/** One value a tab-form select offers, with the number of titles that have it. */
export const TabOptionValueSchema = z.object({
  valor: z.string(),
  /** Display text, or a translation key (search.…) the web translates (normative-act kinds). */
  descricao: z.string(),
  quantidade: z.number().int(),
});
export type TabOptionValue = z.infer<typeof TabOptionValueSchema>;

/** GET /consulta/opcoes-arquivo: the fonds and series held, and the years the material covers. */
export const ArchiveOptionsSchema = z.object({
  fundos: z.array(TabOptionValueSchema),
  /** Each series with the fonds it belongs to (null when the fonds is not known). */
  series: z.array(TabOptionValueSchema.extend({ fundo: z.string().nullable() })),
  anoInicial: z.number().int().nullable(),
  anoFinal: z.number().int().nullable(),
});
export type ArchiveOptions = z.infer<typeof ArchiveOptionsSchema>;

/** GET /consulta/opcoes-atos-normativos: the kinds, issuing bodies and years held. */
export const NormativeActOptionsSchema = z.object({
  tipos: z.array(TabOptionValueSchema),
  orgaos: z.array(TabOptionValueSchema),
  anos: z.array(TabOptionValueSchema),
});
export type NormativeActOptions = z.infer<typeof NormativeActOptionsSchema>;

/** GET /consulta/jurisprudencia-options: the courts, kinds of decision, rapporteurs and years held. */
export const JurisprudenceOptionsSchema = z.object({
  tribunais: z.array(TabOptionValueSchema),
  tipos: z.array(TabOptionValueSchema),
  relatores: z.array(TabOptionValueSchema),
  anos: z.array(TabOptionValueSchema),
});
export type JurisprudenceOptions = z.infer<typeof JurisprudenceOptionsSchema>;

/**
 * GET /consulta/opcoes-avancada: the advanced search's limits (decision 0068): the work types,
 * languages and libraries held, as values of the result filters T, I and B, with their titles; and
 * the first and last years of publication held (the `dataIni` / `dataFim` options).
 */
export const AdvancedSearchOptionsSchema = z.object({
  tiposObra: z.array(TabOptionValueSchema),
  idiomas: z.array(TabOptionValueSchema),
  bibliotecas: z.array(TabOptionValueSchema),
  anoInicial: z.number().int().nullable(),
  anoFinal: z.number().int().nullable(),
});
export type AdvancedSearchOptions = z.infer<typeof AdvancedSearchOptionsSchema>;

/** An optional whole number in a query string; an empty value counts as not given. */
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number().int().min(min).max(Math.min(max, MAX_INTEGER_ID)).optional(),
  );

/**
 * GET /acervo/meu-pergamum/plano-ensino/bibliografia query (SPEC §7): departamento is the course,
 * biblioteca the library whose copies count as available.
 */
export const TeachingPlanQuerySchema = z.object({
  departamento: optionalInt(1, 2_147_483_647),
  ano: optionalInt(1900, 2999),
  semestre: optionalInt(1, 2),
  periodo: optionalInt(1, 20),
  disciplina: optionalInt(1, 2_147_483_647),
  biblioteca: optionalInt(1, 2_147_483_647),
  /**
   * Only the signed-in professor's own plans (the personal area's teaching plan, activity 831):
   * needs a user token of a patron who holds the activity and is linked to a professor.
   */
  meus: z
    .enum(['S', 'N', 'true', 'false', '1', '0'])
    .transform((value) => ['S', 'true', '1'].includes(value))
    .optional(),
});
export type TeachingPlanQuery = z.input<typeof TeachingPlanQuerySchema>;
export type ParsedTeachingPlanQuery = z.output<typeof TeachingPlanQuerySchema>;

/**
 * A title of a plan's bibliography: the result-list title, and what course assessments count —
 * the copies that circulate (in the chosen library, or in every library when none is chosen) and
 * those copies per vacancy of the discipline (two decimals; null when the plan gives no vacancies).
 */
export const TeachingPlanTitleSchema = SearchHitSchema.extend({
  exemplares_circulantes: z.number().int(),
  exemplares_por_vaga: z.number().nullable(),
});
export type TeachingPlanTitle = z.infer<typeof TeachingPlanTitleSchema>;

/** One teaching plan with its bibliography as result-list titles (availability in the chosen library). */
export const TeachingPlanSchema = z.object({
  codigo: z.number().int(),
  curso: CourseSchema,
  disciplina: DisciplineSchema,
  professor: z.string().nullable(),
  ano: z.number().int(),
  semestre: z.number().int(),
  periodo: z.number().int().nullable(),
  vagas: z.number().int().nullable(),
  basica: z.array(TeachingPlanTitleSchema),
  complementar: z.array(TeachingPlanTitleSchema),
});
export type TeachingPlan = z.infer<typeof TeachingPlanSchema>;

/** GET /acervo/meu-pergamum/plano-ensino/bibliografia answer: the plans, newest term first. */
export const TeachingPlanBibliographySchema = z.object({
  data: z.array(TeachingPlanSchema),
  total: z.number().int(),
  /** The library availability counts refer to; null when every library counts. */
  biblioteca: LibrarySchema.nullable(),
});
export type TeachingPlanBibliography = z.infer<typeof TeachingPlanBibliographySchema>;

/** A discipline that has teaching plans, with the courses whose plans list it. */
export const TeachingPlanDisciplineSchema = DisciplineSchema.extend({ cursos: z.array(z.number().int()) });
export type TeachingPlanDiscipline = z.infer<typeof TeachingPlanDisciplineSchema>;

/** GET /acervo/meu-pergamum/plano-ensino/disciplinas-bibliotecas: the choices of the teaching-plan form. */
export const TeachingPlanChoicesSchema = z.object({
  disciplinas: z.array(TeachingPlanDisciplineSchema),
  bibliotecas: z.array(LibrarySchema),
  /** Years that have plans, newest first. */
  anos: z.array(z.number().int()),
});
export type TeachingPlanChoices = z.infer<typeof TeachingPlanChoicesSchema>;

/**
 * GET /consulta/novas-aquisicoes.atom query: the parameters of the new-acquisitions search it
 * follows (the tab is always new acquisitions) and the language of its texts (`lang`, pt by default:
 * feed readers send no language code).
 */
export const NewAcquisitionsFeedQuerySchema = SearchQuerySchema.safeExtend({
  search_tab: z.literal(TAB.newAcquisitions).default(TAB.newAcquisitions),
  lang: z.enum(['pt', 'en', 'es']).optional(),
});
export type NewAcquisitionsFeedQuery = z.input<typeof NewAcquisitionsFeedQuerySchema>;
