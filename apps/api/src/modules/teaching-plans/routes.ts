import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  API_PATHS,
  AUTH_MODULE,
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
import { asUser } from '../identity/tokens.ts';
import { requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import {
  countCirculatingCopies,
  countCopiesIn,
  findChoices,
  findLibrary,
  findPlans,
  findPlanTitles,
  findProfessorOfPatron,
  type PlanScope,
} from './repository.ts';
import { copiesPerVacancy } from './ratio.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  422: ApiErrorSchema,
};

/**
 * The teaching-plan search tab (SPEC §7 /acervo/meu-pergamum/plano-ensino/*): public like every
 * search tab (the public token is enough), though its paths sit under the personal area's.
 */
export async function teachingPlanRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    guard: preHandlerAsyncHookHandler;
    /** A signed-in patron whose session is open: what `meus` asks for. */
    userGuard: preHandlerAsyncHookHandler;
    permissions: PermissionSource;
  },
): Promise<void> {
  const { db, guard, userGuard } = options;
  const teachingPlan = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_TEACHING_PLAN,
  });
  /**
   * The plans a call may read: all of them, or with `meus` (the personal area) only the signed-in
   * professor's — which needs an open session (401) and the teaching-plan activity (403, held by
   * the professor category only); a patron linked to no professor has no plan.
   */
  const scopeOf = async (
    request: FastifyRequest<{ Querystring: { meus?: boolean | undefined } }>,
    reply: FastifyReply,
  ): Promise<PlanScope> => {
    if (!request.query.meus) return { all: true };
    await userGuard.call(app, request, reply);
    await teachingPlan(request);
    const user = asUser(request.identity);
    if (!user) throw ERRORS.unauthorized();
    return { professorId: await findProfessorOfPatron(db, user.patronId) };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.teachingPlanChoices,
    {
      onRequest: guard,
      schema: {
        tags: ['teaching-plans'],
        summary:
          'Disciplines with teaching plans, the libraries, and the years with plans (meus: the professor’s own)',
        querystring: TeachingPlanQuerySchema.pick({ meus: true }),
        response: { 200: TeachingPlanChoicesSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => findChoices(db, await scopeOf(request, reply)),
  );
  r.get(
    API_PATHS.teachingPlanBibliography,
    {
      onRequest: guard,
      schema: {
        tags: ['teaching-plans'],
        summary:
          'Teaching plans with their bibliography, copies per vacancy (meus: the signed-in professor’s own only)',
        querystring: TeachingPlanQuerySchema,
        response: { 200: TeachingPlanBibliographySchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, reply);
      // SPEC §5: at least one field for teaching-plan search (the library alone chooses no plan).
      if (!hasTeachingPlanCriteria(request.query))
        throw ERRORS.rule(TEACHING_PLAN_CRITERIA_REQUIRED.code, TEACHING_PLAN_CRITERIA_REQUIRED.message);
      return searchPlans(db, request.query, request.language, scope);
    },
  );
}

/** The plans matching the query with their bibliography; availability counts the chosen library only. */
async function searchPlans(
  db: Db,
  query: ParsedTeachingPlanQuery,
  language: ServerLanguage,
  scope: PlanScope,
): Promise<TeachingPlanBibliography> {
  const library = query.biblioteca ? await findLibrary(db, query.biblioteca) : null;
  if (query.biblioteca && !library) throw ERRORS.notFound();
  const plans = await findPlans(db, query, scope);
  const listed = await findPlanTitles(
    db,
    plans.map((p) => p.id),
  );
  const titleIds = [...new Set(listed.map((l) => l.title_id))];
  const summaries = new Map((await findTitleSummaries(db, titleIds, language)).map((row) => [row.id, row]));
  const inLibrary = library ? await countCopiesIn(db, titleIds, library.cod_biblioteca) : null;
  const circulating = await countCirculatingCopies(db, titleIds, library?.cod_biblioteca ?? null);
  const hitOf = (titleId: number, vacancies: number | null) => {
    const row = summaries.get(titleId)!;
    const copies = inLibrary ? (inLibrary.get(titleId) ?? { available: 0, total: 0 }) : null;
    const lending = circulating.get(titleId) ?? 0;
    return {
      ...presentHit(
        copies ? { ...row, copies_available: copies.available, copies_total: copies.total } : row,
      ),
      exemplares_circulantes: lending,
      exemplares_por_vaga: copiesPerVacancy(lending, vacancies),
    };
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
        basica: titles.filter((t) => t.kind === 'basica').map((t) => hitOf(t.title_id, plan.vacancies)),
        complementar: titles
          .filter((t) => t.kind === 'complementar')
          .map((t) => hitOf(t.title_id, plan.vacancies)),
      };
    }),
    total: plans[0]?.total ?? 0,
    biblioteca: library,
  };
}
