import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ResearchDatabasesSchema } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { readSettings } from '../institution/index.ts';
import { presentDatabase, proxyPrefix } from './presenters.ts';
import { findDatabases } from './repository.ts';

/** SPEC §7 GET /acervo/meu-pergamum/bases-dados: the library's databases, for signed-in patrons. */
export async function databaseRoutes(
  app: FastifyInstance,
  options: { db: Db; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, userGuard } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.researchDatabases,
    {
      onRequest: userGuard,
      schema: {
        tags: ['databases'],
        summary: "The library's subscribed and open databases, with their access links",
        response: { 200: ResearchDatabasesSchema },
      },
    },
    async () => {
      const [rows, settings] = await Promise.all([findDatabases(db), readSettings(db)]);
      const proxy = proxyPrefix(settings);
      return { bases: rows.map((row) => presentDatabase(row, proxy)) };
    },
  );
}
