import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, NetworkSourcesSchema, STAFF_PATHS } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { requireStaffRole } from '../staff/index.ts';
import { presentNetworkSource } from './presenters.ts';
import { listSources } from './repository.ts';

/**
 * The network's OAI-PMH sources in the staff workspace's catalogue part (decision 0067): what is
 * harvested and how the last run went. Sources are added with `estante network harvest`.
 */
export async function networkSourceRoutes(
  app: FastifyInstance,
  options: { db: Db; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, userGuard } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    STAFF_PATHS.networkSources,
    {
      onRequest: [userGuard, requireStaffRole(db, 'catalogacao')],
      schema: {
        tags: ['staff'],
        summary: 'The OAI-PMH repositories harvested into the network tab, with their last run (cataloguing)',
        response: { 200: NetworkSourcesSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => ({ data: (await listSources(db)).map(presentNetworkSource) }),
  );
}
