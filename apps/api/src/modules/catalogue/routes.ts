import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  AUTHORITY_TYPES,
  AuthorityComboQuerySchema,
  AuthorityComboSchema,
  AuthoritySchema,
  CopiesQuerySchema,
  CopiesResponseSchema,
  DublinCoreSchema,
  IdParamsSchema,
  LinkAccessResponseSchema,
  LinkAccessSchema,
  OnlineLinksResponseSchema,
  MarcQuerySchema,
  MarcViewSchema,
  ReferenceQuerySchema,
  ReferenceResponseSchema,
  RestrictedAccessBodySchema,
  RestrictedAccessParamsSchema,
  RestrictedAccessResponseSchema,
  TitleSchema,
} from '@estante/contract';
import { marcView, toDublinCore, type MarcRecord } from '@estante/marc';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findPatron } from '../identity/repository.ts';
import { openRestrictedLink } from './restricted-access.ts';
import { findPresentedTitle } from './record-page.ts';
import { authorityTypeLabel } from './authority-types.ts';
import {
  countAuthoritiesByType,
  findAuthority,
  findAuthorityTitles,
  findCopies,
  findOnlineLinks,
  findTitle,
  recordLinkAccess,
} from './repository.ts';
import { presentAuthority, presentCopy, presentOnlineLink, presentReference } from './presenters.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
/** How many titles an authority page lists; the search link gives the rest. */
const AUTHORITY_TITLES_SHOWN = 50;

/** Title records and authorities (SPEC §7 Records, Authority). */
export async function catalogueRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    guard: preHandlerAsyncHookHandler;
    /** Patron-only calls: restricted links. */
    userGuard: preHandlerAsyncHookHandler;
    clock: Clock;
  },
): Promise<void> {
  const { db, guard, userGuard, clock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = IdParamsSchema;

  const loadTitle = async (id: number, language: 'pt' | 'en' | 'es') => {
    const row = await findTitle(db, id, language);
    if (!row) throw ERRORS.notFound();
    return row;
  };

  r.get(
    API_PATHS.title(':id'),
    { onRequest: guard, schema: { tags: ['records'], params, response: { 200: TitleSchema, ...errors } } },
    async (request) => {
      // The record page's head tags (record-page.ts) read the same record.
      const title = await findPresentedTitle(db, request.params.id, request.language);
      if (!title) throw ERRORS.notFound();
      return title;
    },
  );
  r.get(
    API_PATHS.titleReference(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        params,
        querystring: ReferenceQuerySchema,
        response: { 200: ReferenceResponseSchema, ...errors },
      },
    },
    async (request) =>
      presentReference(
        await loadTitle(request.params.id, request.language),
        request.query.formato,
        clock.now(),
      ),
  );
  r.get(
    API_PATHS.linkAbnt(':id'),
    {
      onRequest: guard,
      schema: { tags: ['records'], params, response: { 200: ReferenceResponseSchema, ...errors } },
    },
    async (request) =>
      presentReference(await loadTitle(request.params.id, request.language), 'ABNT', clock.now()),
  );
  r.get(
    API_PATHS.titleMarc(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        params,
        querystring: MarcQuerySchema,
        response: { 200: MarcViewSchema, ...errors },
      },
    },
    async (request) => marcView((await loadTitle(request.params.id, request.language)).marc as MarcRecord),
  );
  r.get(
    API_PATHS.titleCopies(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['records'],
        params,
        querystring: CopiesQuerySchema,
        response: { 200: CopiesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await loadTitle(request.params.id, request.language);
      return (await findCopies(db, request.params.id, request.query.cod_unidade)).map(presentCopy);
    },
  );
  r.get(
    API_PATHS.titleDublinCore(':id'),
    {
      onRequest: guard,
      schema: { tags: ['records'], params, response: { 200: DublinCoreSchema, ...errors } },
    },
    async (request) =>
      toDublinCore((await loadTitle(request.params.id, request.language)).marc as MarcRecord),
  );
  r.get(
    API_PATHS.titleLinks(':id'),
    {
      onRequest: guard,
      schema: { tags: ['records'], params, response: { 200: OnlineLinksResponseSchema, ...errors } },
    },
    async (request) => {
      await loadTitle(request.params.id, request.language);
      return (await findOnlineLinks(db, request.params.id)).map(presentOnlineLink);
    },
  );
  r.post(
    API_PATHS.linkAccess,
    {
      onRequest: guard,
      schema: {
        tags: ['links'],
        summary: 'Count one access to an online link',
        body: LinkAccessSchema,
        response: { 201: LinkAccessResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const recorded = await recordLinkAccess(db, {
        titleId: body.cod_acervo,
        seq: body.seq_paragrafo,
        url: body.url,
        userId: body.user_id == null ? null : String(body.user_id),
        browser: body.browser ?? null,
        device: body.device ?? null,
        os: body.os ?? null,
      });
      if (!recorded) throw ERRORS.notFound();
      return reply.status(201).send({ registrado: true as const });
    },
  );
  r.post(
    API_PATHS.restrictedAccess(':a', ':b'),
    {
      // Restricted content is the institution's patrons': the publisher is told who opens it.
      onRequest: userGuard,
      schema: {
        tags: ['links'],
        summary: 'Open a restricted online link: a URL, or a publisher flag with its signed form',
        params: RestrictedAccessParamsSchema,
        body: RestrictedAccessBodySchema,
        response: { 200: RestrictedAccessResponseSchema, ...errors, 422: ApiErrorSchema },
      },
    },
    async (request) => {
      const patron = await findPatron(db, currentUser(request).patronId);
      if (!patron) throw ERRORS.unauthorized();
      const body = request.body;
      return openRestrictedLink(db, {
        titleId: request.params.a,
        seq: request.params.b,
        patron,
        at: clock.now(),
        client: { browser: body.browser ?? null, device: body.device ?? null, os: body.os ?? null },
      });
    },
  );
  r.get(
    API_PATHS.authorityCombo,
    {
      onRequest: guard,
      schema: {
        tags: ['authorities'],
        summary: 'Authority types for the authority-search combo',
        querystring: AuthorityComboQuerySchema,
        response: { 200: AuthorityComboSchema, ...errors },
      },
    },
    async (request) => {
      const counts = await countAuthoritiesByType(db);
      const types = request.query.autoridades ?? AUTHORITY_TYPES;
      return types.map((codigo) => ({
        codigo,
        descricao: authorityTypeLabel(codigo, request.language),
        total: counts.get(codigo) ?? 0,
      }));
    },
  );
  r.get(
    API_PATHS.authority(':id'),
    {
      onRequest: guard,
      schema: { tags: ['authorities'], params, response: { 200: AuthoritySchema, ...errors } },
    },
    async (request) => {
      const row = await findAuthority(db, request.params.id);
      if (!row) throw ERRORS.notFound();
      const { titles, total } = await findAuthorityTitles(db, row.id, AUTHORITY_TITLES_SHOWN);
      return presentAuthority(row, titles, total);
    },
  );
  r.get(
    API_PATHS.authorityMarc(':id'),
    {
      onRequest: guard,
      schema: { tags: ['authorities'], params, response: { 200: MarcViewSchema, ...errors } },
    },
    async (request) => {
      const row = await findAuthority(db, request.params.id);
      if (!row) throw ERRORS.notFound();
      // Authorities made from a heading in a bibliographic record have no MARC of their own.
      return row.marc ? marcView(row.marc as MarcRecord) : { leader: '', fields: [] };
    },
  );
}
