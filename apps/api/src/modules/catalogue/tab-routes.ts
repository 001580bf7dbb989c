import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  ClosedStacksDataSchema,
  ClosedStacksProtocolSchema,
  ClosedStacksQuerySchema,
  ClosedStacksRequestSchema,
  IdParamsSchema,
  KardexComboboxSchema,
  KardexDataQuerySchema,
  KardexDataSchema,
  KardexItemQuerySchema,
  KardexItemSchema,
  KardexPermissionSchema,
  LoanYearParamsSchema,
  LoanYearSchema,
  LoanYearsSchema,
  SummaryResponseSchema,
  TitlePermissionsSchema,
} from '@estante/contract';
import { contentsNotes, type MarcRecord } from '@estante/marc';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findClosedStackCopies, requestClosedStackCopies } from './closed-stacks.ts';
import { countLoansByMonth, countLoansByYear } from './loan-statistics-repository.ts';
import { findTitleTabFacts, isKardexAllowed, isPeriodical, presentPermissions } from './permissions.ts';
import { findTitle } from './repository.ts';
import {
  findHoldings,
  findIssue,
  findIssues,
  findIssuesWithContents,
  findLatestIssueYear,
  findSections,
} from './serials-repository.ts';
import {
  presentClosedStackCopy,
  presentContentsNote,
  presentIssue,
  presentIssueContents,
  presentSections,
} from './tab-presenters.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
/** How many issues the periodical contents tab lists, newest first. */
const CONTENTS_ISSUES_SHOWN = 50;

const distinctSorted = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => v !== null))].sort((a, b) =>
    a.localeCompare(b, 'pt', { numeric: true }),
  );

/**
 * The title sub-tabs that have calls of their own (SPEC §2, §7): which tabs a title shows, serial
 * holdings (kardex), tables of contents, loan statistics and closed-collection requests.
 */
export async function titleTabRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler; userGuard: preHandlerAsyncHookHandler; clock: Clock },
): Promise<void> {
  const { db, guard, userGuard, clock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = IdParamsSchema;

  const loadTitle = async (id: number, language: 'pt' | 'en' | 'es') => {
    const row = await findTitle(db, id, language);
    if (!row) throw ERRORS.notFound();
    return row;
  };
  const loadFacts = async (id: number) => {
    const facts = await findTitleTabFacts(db, id);
    if (!facts) throw ERRORS.notFound();
    return facts;
  };

  r.get(
    API_PATHS.titlePermissions(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        summary: 'Which sub-tabs the title shows',
        params,
        response: { 200: TitlePermissionsSchema, ...errors },
      },
    },
    async (request) => presentPermissions(request.params.id, await loadFacts(request.params.id)),
  );

  r.get(
    API_PATHS.kardexPermission(':id'),
    {
      onRequest: guard,
      schema: { tags: ['kardex'], params, response: { 200: KardexPermissionSchema, ...errors } },
    },
    async (request) => ({ permitido: isKardexAllowed(await loadFacts(request.params.id)) }),
  );

  r.get(
    API_PATHS.kardexCombobox(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['kardex'],
        summary: 'Periodical, libraries, holdings lines and years the kardex selects offer',
        params,
        response: { 200: KardexComboboxSchema, ...errors },
      },
    },
    async (request) => {
      const title = await loadTitle(request.params.id, request.language);
      const holdings = await findHoldings(db, title.id);
      const libraries = new Map(holdings.map((h) => [h.library_id, h.library_name]));
      return {
        periodicos: isPeriodical(title.work_type)
          ? [{ cod_periodico: title.id, titulo: title.title, issn: title.issn[0] ?? null }]
          : [],
        bibliotecas: [...libraries].map(([id, name]) => ({ cod_biblioteca: id, desc_biblioteca: name })),
        colecoes: holdings.map((h) => ({
          cod_par: h.id,
          cod_biblioteca: h.library_id,
          descricao: h.description,
          corrente: h.is_current,
          anos: h.years,
        })),
        anos: [...new Set(holdings.flatMap((h) => h.years))].sort((a, b) => b - a),
      };
    },
  );

  r.get(
    API_PATHS.kardexData(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['kardex'],
        summary: 'Issues received in one year',
        params,
        querystring: KardexDataQuerySchema,
        response: { 200: KardexDataSchema, ...errors },
      },
    },
    async (request) => {
      const title = await loadTitle(request.params.id, request.language);
      const { codPeriod, codBib, codPar, year } = request.query;
      // codPeriod names the periodical, which is this title (see /combobox-data).
      if (codPeriod !== undefined && codPeriod !== title.id) return { ano: null, fasciculos: [] };
      const filter = { titleId: title.id, libraryId: codBib, holdingId: codPar };
      const shown = year ?? (await findLatestIssueYear(db, filter));
      if (shown === null) return { ano: null, fasciculos: [] };
      return { ano: shown, fasciculos: (await findIssues(db, { ...filter, year: shown })).map(presentIssue) };
    },
  );

  r.get(
    API_PATHS.kardexItem(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['kardex'],
        summary: 'Contents of one issue (one section with seqSec)',
        params,
        querystring: KardexItemQuerySchema,
        response: { 200: KardexItemSchema, ...errors },
      },
    },
    async (request) => {
      const { codPar, seqPar, seqSec } = request.query;
      const issue = await findIssue(db, request.params.id, codPar, seqPar);
      if (!issue) throw ERRORS.notFound();
      const sections = await findSections(db, [{ holdingId: codPar, seq: seqPar }], seqSec);
      if (seqSec !== undefined && sections.length === 0) throw ERRORS.notFound();
      return { fasciculo: presentIssue(issue), secoes: presentSections(sections) };
    },
  );

  r.get(
    API_PATHS.summary(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        summary: 'Tables of contents: 505 of a book, the registered issues of a periodical',
        params,
        response: { 200: SummaryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const title = await loadTitle(request.params.id, request.language);
      if (!isPeriodical(title.work_type)) {
        return {
          cod_acervo: title.id,
          tipo: 'livro' as const,
          sumarios: contentsNotes(title.marc as MarcRecord).map(presentContentsNote),
        };
      }
      const issues = await findIssuesWithContents(db, title.id, CONTENTS_ISSUES_SHOWN);
      const sections = await findSections(
        db,
        issues.map((i) => ({ holdingId: i.holding_id, seq: i.seq })),
      );
      return {
        cod_acervo: title.id,
        tipo: 'periodico' as const,
        sumarios: issues.map((issue) =>
          presentIssueContents(
            issue,
            sections.filter((s) => s.holding_id === issue.holding_id && s.issue_seq === issue.seq),
          ),
        ),
      };
    },
  );

  r.get(
    API_PATHS.titleLoanYears(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        summary: 'Years with loans of the title (statistics tab 74)',
        params,
        response: { 200: LoanYearsSchema, ...errors },
      },
    },
    async (request) => {
      await loadFacts(request.params.id);
      return (await countLoansByYear(db, request.params.id)).map((r) => ({ ano: r.year, total: r.total }));
    },
  );

  r.get(
    API_PATHS.titleLoanYear(':id', ':year'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        summary: 'Loans of the title in each month of a year',
        params: LoanYearParamsSchema,
        response: { 200: LoanYearSchema, ...errors },
      },
    },
    async (request) => {
      const { id, year } = request.params;
      await loadFacts(id);
      const byMonth = await countLoansByMonth(db, id, year);
      const meses = Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, total: byMonth.get(i + 1) ?? 0 }));
      return { ano: year, total: meses.reduce((sum, m) => sum + m.total, 0), meses };
    },
  );

  r.get(
    API_PATHS.titleClosedStacks(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        summary: 'Closed-stack copies of the title, and which can be requested',
        params,
        querystring: ClosedStacksQuerySchema,
        response: { 200: ClosedStacksDataSchema, ...errors },
      },
    },
    async (request) => {
      await loadFacts(request.params.id);
      const copies = await findClosedStackCopies(db, request.params.id);
      const { cod_biblioteca, volume, tomo, parte } = request.query;
      const libraries = new Map(copies.map((c) => [c.library_id, c.library_name]));
      return {
        bibliotecas: [...libraries].map(([id, name]) => ({ cod_biblioteca: id, desc_biblioteca: name })),
        volumes: distinctSorted(copies.map((c) => c.volume)),
        tomos: distinctSorted(copies.map((c) => c.tome)),
        partes: distinctSorted(copies.map((c) => c.part)),
        exemplares: copies
          .filter(
            (c) =>
              (cod_biblioteca === undefined || c.library_id === cod_biblioteca) &&
              (volume === undefined || c.volume === volume) &&
              (tomo === undefined || c.tome === tomo) &&
              (parte === undefined || c.part === parte),
          )
          .map(presentClosedStackCopy),
      };
    },
  );

  r.post(
    API_PATHS.closedStacksRequest,
    {
      onRequest: userGuard,
      schema: {
        tags: ['records'],
        summary: 'Request closed-stack copies; answers the protocol number',
        body: ClosedStacksRequestSchema,
        response: { 201: ClosedStacksProtocolSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { patronId } = currentUser(request);
      const recorded = await requestClosedStackCopies(db, {
        patronId,
        libraryId: request.body.cod_biblioteca,
        items: request.body.cesta.map((i) => ({ titleId: i.cod_acervo, copyId: i.cod_exemplar })),
        at: clock.now(),
      });
      return reply.status(201).send({
        protocolo: recorded.protocol,
        data: recorded.requestedAt.toISOString(),
        cod_biblioteca: recorded.libraryId,
        desc_biblioteca: recorded.libraryName,
        itens: recorded.items.map((i) => ({
          cod_acervo: i.titleId,
          cod_exemplar: i.copyId,
          titulo: i.title,
          numero: i.number,
        })),
      });
    },
  );
}
