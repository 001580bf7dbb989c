export { staffRoutes } from './routes.ts';
export { requireStaffRole } from './guard.ts';
export { rolesOf, changeRoles, personOf } from './repository.ts';
export { runStaffCommand, STAFF_COMMAND_USAGE } from './cli.ts';
export { recordStaffAction, staffActor, type StaffActor, type StaffActionEntry } from './audit.ts';
export { staffAuditRoutes } from './audit-routes.ts';
