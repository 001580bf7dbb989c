import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  API_PATHS,
  ApiErrorSchema,
  IdParamsSchema,
  TitleColourSchema,
  TitleLibrariesSchema,
  TitleTotalsQuerySchema,
  TitleTotalsSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { circulationTimeZone } from '../circulation/index.ts';
import { TITLE_TOTALS_ERRORS } from './errors.ts';
import { dayIn, periodOf } from './period.ts';
import {
  countTitleTotals,
  findTitleColour,
  findTitleLibraries,
  libraryExists,
  type Period,
} from './repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * A title's totals, spine-label colour and holding libraries (SPEC §7 /acervo/{id}/totais, /cor,
 * /bibliotecas; decision 0053). Public like the record's other calls: they tell about the title,
 * never about a patron. The totals are the title-totals screen's (activity 828): a 403 when the
 * institution turned it off.
 */
export async function titleTotalsRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler; clock: Clock; permissions: PermissionSource },
): Promise<void> {
  const { db, guard, clock } = options;
  const totalsOn = requirePermission(options.permissions, { activity: ACTIVITY.PERSONAL_AREA_TITLE_TOTALS });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['records'];

  r.get(
    API_PATHS.titleTotals(':id'),
    {
      onRequest: [guard, totalsOn],
      schema: {
        tags,
        summary: 'A title’s copies, loans, renewals, holds and loan requests in a period, per library',
        params: IdParamsSchema,
        querystring: TitleTotalsQuerySchema,
        response: { 200: TitleTotalsSchema, ...errors, 403: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => {
      const title = await findTitleColour(db, request.params.id, request.language);
      if (!title) throw ERRORS.notFound();
      const libraryId = request.query.biblioteca ?? null;
      if (libraryId !== null && !(await libraryExists(db, libraryId))) throw ERRORS.notFound();
      const timeZone = await circulationTimeZone(db);
      const period: Period | null = periodOf(request.query, dayIn(clock.now(), timeZone), timeZone);
      if (!period) throw TITLE_TOTALS_ERRORS.dateRange();
      const rows = await countTitleTotals(db, title.cod_acervo, period, libraryId);
      const sum = (
        key:
          | 'exemplares'
          | 'exemplares_disponiveis'
          | 'emprestimos'
          | 'renovacoes'
          | 'reservas'
          | 'solicitacoes',
      ) => rows.reduce((total, row) => total + row[key], 0);
      return {
        cod_acervo: title.cod_acervo,
        titulo: title.titulo,
        dataIni: period.from,
        dataFim: period.to,
        bibliotecas: rows,
        total: {
          cod_biblioteca: null,
          desc_biblioteca: null,
          exemplares: sum('exemplares'),
          exemplares_disponiveis: sum('exemplares_disponiveis'),
          emprestimos: sum('emprestimos'),
          renovacoes: sum('renovacoes'),
          reservas: sum('reservas'),
          solicitacoes: sum('solicitacoes'),
        },
      };
    },
  );

  r.get(
    API_PATHS.titleLibraries(':id'),
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The libraries holding copies of a title, with their copy counts',
        params: IdParamsSchema,
        response: { 200: TitleLibrariesSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findTitleColour(db, request.params.id, request.language))) throw ERRORS.notFound();
      return findTitleLibraries(db, request.params.id);
    },
  );

  r.get(
    API_PATHS.titleColour(':id'),
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The colour of the spine label of the title’s work type (#rrggbb, or null)',
        params: IdParamsSchema,
        response: { 200: TitleColourSchema, ...errors },
      },
    },
    async (request) => {
      const title = await findTitleColour(db, request.params.id, request.language);
      if (!title) throw ERRORS.notFound();
      return {
        cod_acervo: title.cod_acervo,
        cod_tipo_obra: title.cod_tipo_obra,
        desc_tipo_obra: title.desc_tipo_obra,
        cor: title.cor,
      };
    },
  );
}
