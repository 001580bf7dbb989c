import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { openCirculationEngine } from './jobs.ts';
import { localProvider } from './provider.ts';
import { circulationRoutes } from './routes.ts';
import { deskRoutes } from './desk-routes.ts';
import { createDeskService } from './desk-service.ts';
import { createCirculationService } from './service.ts';

export { createCirculationEngine, DEFAULT_TIME_ZONE, type CirculationEngine } from './local/engine.ts';
export { openCirculationEngine, startCirculationJobs, circulationTimeZone } from './jobs.ts';
export { circulationViolations } from './invariants.ts';
export { runDeskCommand, DESK_COMMAND_USAGE } from './desk-command.ts';
export { seedDemoCirculation } from './demo.ts';
export type { CirculationProvider, CirculationCapabilities } from './provider.ts';
export { localProvider } from './provider.ts';
export { createCirculationService, type CirculationService } from './service.ts';

/**
 * The patron's circulation calls on the local engine, and the staff's circulation desk on the same
 * engine (decision 0058) (registered by buildApp).
 */
export async function circulationPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    mailer?: Mailer | undefined;
    userGuard: preHandlerAsyncHookHandler;
    /** The patron's unread alerts, for the dashboard. */
    unreadAlerts?: (patronId: number) => Promise<number>;
  },
): Promise<void> {
  const engine = await openCirculationEngine({
    db: options.db,
    clock: options.clock,
    mailer: options.mailer,
    onMailError: (error) => app.log.error({ err: error }, 'circulation e-mail not sent'),
  });
  const service = createCirculationService({
    db: options.db,
    clock: options.clock,
    provider: localProvider(engine),
    mailer: options.mailer,
  });
  await app.register(circulationRoutes, {
    service,
    userGuard: options.userGuard,
    unreadAlerts: options.unreadAlerts,
  });
  await app.register(deskRoutes, {
    db: options.db,
    desk: createDeskService({ db: options.db, clock: options.clock, engine, service }),
    userGuard: options.userGuard,
  });
}
export { translate, formatMoney } from './mail-texts.ts';
