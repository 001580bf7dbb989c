import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  IdParamsSchema,
  NetworkInstitutionsResponseSchema,
  NetworkRecordSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { findNetworkRecord, listNetworkInstitutions } from './repository.ts';
import { presentNetworkInstitutions, presentNetworkRecord } from './presenters.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** The library network (SPEC §7 Network): its institutions and the records other institutions catalogued. */
export async function networkRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.networkInstitutions,
    {
      onRequest: guard,
      schema: {
        tags: ['network'],
        summary: 'Institutions of the library network with their record counts',
        response: { 200: NetworkInstitutionsResponseSchema, 401: ApiErrorSchema },
      },
    },
    async () => presentNetworkInstitutions(await listNetworkInstitutions(db)),
  );
  r.get(
    API_PATHS.networkRecord(':id'),
    {
      onRequest: guard,
      schema: {
        tags: ['network'],
        summary: 'One record of another institution of the network',
        params: IdParamsSchema,
        response: { 200: NetworkRecordSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findNetworkRecord(db, request.params.id, request.language);
      if (!row) throw ERRORS.notFound();
      return presentNetworkRecord(row);
    },
  );
}
