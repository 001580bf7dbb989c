import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { PermissionSource } from '../../plugins/auth.ts';
import { libraryRequestRoutes } from './routes.ts';
export { referenceRequestRoutes } from './staff-routes.ts';

export {
  answerRequest,
  cancelOwnRequest,
  createLibraryRequest,
  moveRequest,
  ownRequests,
  type AnswerFile,
  type MovedRequest,
  type MoveOptions,
} from './service.ts';
export { RequestMoveRefusal, LIBRARY_REQUEST_ERRORS } from './errors.ts';
export { presentRequest, requestSubject } from './presenters.ts';
export { findRequest, type LibraryRequestRow } from './repository.ts';
export {
  runRequestsCommand,
  REQUESTS_COMMAND_USAGE,
  type RequestsIo,
  type RequestsCommandOptions,
} from './cli.ts';

/** The bibliographic request calls (registered by buildApp). */
export async function libraryRequestsPlugin(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; permissions: PermissionSource },
): Promise<void> {
  await app.register(libraryRequestRoutes, options);
}
