import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  API_PATHS,
  AUTH_MODULE,
  ApiErrorSchema,
  PAPER_POSTING_ERROR,
  PAPER_POSTING_SETTINGS,
  PaperPostingRedirectSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { currentUser, requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { INSTITUTION_DEFAULTS, isWebAddress } from '../institution/presenters.ts';
import { readSettings } from '../institution/repository.ts';
import { signPaperPostingToken, issuerOf, type PaperPostingPatron } from './token.ts';

/** Shortest key accepted (HS256 wants at least 256 bits). */
export const MIN_KEY_LENGTH = 32;

/** The repository's address and key, when both are set and usable; else null (not configured). */
export function paperPostingConfig(
  settings: Record<string, unknown>,
): { address: string; key: string } | null {
  const address = settings[PAPER_POSTING_SETTINGS.address];
  const key = settings[PAPER_POSTING_SETTINGS.key];
  if (!isWebAddress(address) || typeof key !== 'string' || key.length < MIN_KEY_LENGTH) return null;
  return { address, key };
}

/**
 * SPEC §7 POST /pessoas/postagem-trabalho/redirect (decision 0053): the hand-off to the
 * institution's repository for depositing a thesis or an assignment — its address and a token
 * naming the signed-in patron, signed with the key the repository shares. A 422 when the
 * institution has not set the address and the key.
 */
export async function paperPostingRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; permissions: PermissionSource },
): Promise<void> {
  const { db, clock } = options;
  const paperPosting = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_PAPER_POSTING,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    API_PATHS.paperPostingRedirect,
    {
      onRequest: [options.userGuard, paperPosting],
      schema: {
        tags: ['people'],
        summary:
          'Where to deposit a paper (the institution’s repository) and a short-lived token naming the patron',
        response: {
          200: PaperPostingRedirectSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const settings = await readSettings(db);
      const config = paperPostingConfig(settings);
      if (!config)
        throw ERRORS.rule(PAPER_POSTING_ERROR.NOT_CONFIGURED.code, PAPER_POSTING_ERROR.NOT_CONFIGURED.key);
      const { rows } = await db.query<PaperPostingPatron>(
        'SELECT login, name, email, category_code AS category FROM patron WHERE id = $1',
        [currentUser(request).patronId],
      );
      const patron = rows[0];
      if (!patron) throw ERRORS.unauthorized();
      const acronym = typeof settings['sigla'] === 'string' ? settings['sigla'] : INSTITUTION_DEFAULTS.sigla;
      const { token, expiresAt } = await signPaperPostingToken({
        key: config.key,
        issuer: issuerOf(acronym),
        patron,
        now: clock.now(),
      });
      // The token names the patron: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { endereco: config.address, token, expira_em: expiresAt.toISOString() };
    },
  );
}
