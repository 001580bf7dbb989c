import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { circulationTimeZone } from '../circulation/index.ts';
import { listRoutes } from './routes.ts';
import { createListService } from './service.ts';

/** The permanent basket and named lists (decision 0043), registered in app.ts. */
export async function listsPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    guard: preHandlerAsyncHookHandler;
    userGuard: preHandlerAsyncHookHandler;
  },
): Promise<void> {
  // Days of the period filter are the library's days (its time zone setting, as circulation's).
  const timeZone = await circulationTimeZone(options.db);
  const service = createListService({ db: options.db, clock: options.clock, timeZone });
  await app.register(listRoutes, { service, guard: options.guard, userGuard: options.userGuard });
}
