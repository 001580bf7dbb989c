import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { openCirculationEngine } from '../circulation/index.ts';
import { privacyRoutes } from './routes.ts';
import { createPrivacyService } from './service.ts';

export { runPrivacyCommand, PRIVACY_COMMAND_USAGE } from './command.ts';

/** The patron's privacy calls (registered by buildApp; decision 0045). */
export async function privacyPlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const engine = await openCirculationEngine({ db: options.db, clock: options.clock });
  const service = createPrivacyService({ db: options.db, clock: options.clock, engine });
  await app.register(privacyRoutes, { service, userGuard: options.userGuard });
}
