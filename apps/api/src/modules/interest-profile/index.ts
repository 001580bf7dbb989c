import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { interestProfileRoutes } from './routes.ts';
import { createInterestProfileService } from './service.ts';

export { runDissemination, DSI_RUN_MARK_SETTING, type DisseminationReport } from './dissemination.ts';
export { startDisseminationJob } from './jobs.ts';
export { runDsiCommand, DSI_COMMAND_USAGE } from './cli.ts';

/** The interest profile's calls (registered by buildApp; decision 0052). */
export async function interestProfilePlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; timeZone: () => Promise<string>; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const service = createInterestProfileService(options);
  await app.register(interestProfileRoutes, { service, userGuard: options.userGuard });
}
