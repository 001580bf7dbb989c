export { commentRoutes } from './routes.ts';
export { commentModerationRoutes } from './moderation-routes.ts';
export { approveComment, refuseComment, type DecidedComment } from './service.ts';
export { runCommentsCommand, COMMENTS_COMMAND_USAGE } from './cli.ts';
