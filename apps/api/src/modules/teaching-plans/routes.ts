import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  hasTeachingPlanCriteria,
  TEACHING_PLAN_CRITERIA_REQUIRED,
  TeachingPlanBibliographySchema,
  TeachingPlanChoicesSchema,
  TeachingPlanQuerySchema,
  type ParsedTeachingPlanQuery,
  type TeachingPlanBibliography,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import { countCopiesIn, findChoices, findLibrary, findPlans, findPlanTitles } from './repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The teaching-plan search tab (SPEC §7 /acervo/meu-pergamum/plano-ensino/*): public like every
 * search tab (the public token is enough), though its paths sit under the personal area's.
 */
export async function teachingPlanRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.teachingPlanChoices,
    {
      onRequest: guard,
      schema: {
        tags: ['teaching-plans'],
        summary: 'Disciplines with teaching plans, the libraries, and the years with plans',
        response: { 200: TeachingPlanChoicesSchema, 401: ApiErrorSchema },
      },
    },
    async () => findChoices(db),
  );
  r.get(
    API_PATHS.teachingPlanBibliography,
    {
      onRequest: guard,
      schema: {
        tags: ['teaching-plans'],
        summary: 'Teaching plans with their basic and complementary bibliography',
        querystring: TeachingPlanQuerySchema,
        response: { 200: TeachingPlanBibliographySchema, ...errors },
      },
    },
    async (request) => {
      // SPEC §5: at least one field for teaching-plan search (the library alone chooses no plan).
      if (!hasTeachingPlanCriteria(request.query))
        throw ERRORS.rule(TEACHING_PLAN_CRITERIA_REQUIRED.code, TEACHING_PLAN_CRITERIA_REQUIRED.message);
      return searchPlans(db, request.query, request.language);
    },
  );
}

/** The plans matching the query with their bibliography; availability counts the chosen library only. */
async function searchPlans(
  db: Db,
  query: ParsedTeachingPlanQuery,
  language: ServerLanguage,
): Promise<TeachingPlanBibliography> {
  const library = query.biblioteca ? await findLibrary(db, query.biblioteca) : null;
  if (query.biblioteca && !library) throw ERRORS.notFound();
  const plans = await findPlans(db, query);
  const listed = await findPlanTitles(
    db,
    plans.map((p) => p.id),
  );
  const titleIds = [...new Set(listed.map((l) => l.title_id))];
  const summaries = new Map((await findTitleSummaries(db, titleIds, language)).map((row) => [row.id, row]));
  const inLibrary = library ? await countCopiesIn(db, titleIds, library.cod_biblioteca) : null;
  const hitOf = (titleId: number) => {
    const row = summaries.get(titleId)!;
    const copies = inLibrary ? (inLibrary.get(titleId) ?? { available: 0, total: 0 }) : null;
    return presentHit(
      copies ? { ...row, copies_available: copies.available, copies_total: copies.total } : row,
    );
  };
  return {
    data: plans.map((plan) => {
      const titles = listed.filter((l) => l.plan_id === plan.id && summaries.has(l.title_id));
      return {
        codigo: plan.id,
        curso: {
          codigo: plan.course_id,
          sigla: plan.course_code,
          descricao: plan.course_name,
          cod_campus: plan.campus_id,
        },
        disciplina: {
          codigo: plan.discipline_id,
          sigla: plan.discipline_code,
          descricao: plan.discipline_name,
        },
        professor: plan.professor,
        ano: plan.year,
        semestre: plan.semester,
        periodo: plan.period,
        vagas: plan.vacancies,
        basica: titles.filter((t) => t.kind === 'basica').map((t) => hitOf(t.title_id)),
        complementar: titles.filter((t) => t.kind === 'complementar').map((t) => hitOf(t.title_id)),
      };
    }),
    total: plans[0]?.total ?? 0,
    biblioteca: library,
  };
}
