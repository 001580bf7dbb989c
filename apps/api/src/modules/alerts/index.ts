import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { alertRoutes } from './routes.ts';
import { createAlertService } from './service.ts';

export { recordAlert, type AlertInput, type RecordedAlert } from './record.ts';
export { alertText } from './texts.ts';
export { countUnread } from './repository.ts';

/** The patron's alert calls (registered by buildApp). */
export async function alertsPlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; timeZone: () => Promise<string>; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const service = createAlertService(options);
  await app.register(alertRoutes, { service, userGuard: options.userGuard });
}
