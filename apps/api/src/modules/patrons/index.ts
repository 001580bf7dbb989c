import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { createCirculationService, localProvider, openCirculationEngine } from '../circulation/index.ts';
import { staffPatronRoutes } from './routes.ts';
import { createStaffPatronService } from './service.ts';

export { createStaffPatronService, type StaffPatronService } from './service.ts';

/** Patrons in the staff workspace (registered by buildApp; decision 0062). */
export async function staffPatronsPlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; mailer?: Mailer | undefined; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, clock } = options;
  // The personal area's own reads of loans, holds and debts, over the same engine.
  const engine = await openCirculationEngine({ db, clock });
  const circulation = createCirculationService({ db, clock, provider: localProvider(engine) });
  const service = createStaffPatronService({ db, clock, circulation, mailer: options.mailer });
  await app.register(staffPatronRoutes, { db, service, userGuard: options.userGuard });
}
