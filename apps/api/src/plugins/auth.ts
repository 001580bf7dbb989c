import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '../lib/errors.ts';
import { IDENTITY_ERRORS } from '../modules/identity/errors.ts';
import { asUser, type Identity, type TokenService, type UserIdentity } from '../modules/identity/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified bearer of the call, set by the guards. */
    identity: Identity | null;
  }
}

/**
 * The statuses a guard can refuse a call with, kept on the guard itself so the OpenAPI document
 * lists them for every route that uses it (see plugins/openapi.ts).
 */
export const GUARD_REFUSALS = Symbol('guardRefusals');

/** Marks a guard with the statuses it refuses with. */
export function refusing<T extends object>(statuses: readonly number[], guard: T): T {
  return Object.assign(guard, { [GUARD_REFUSALS]: statuses });
}

/** The statuses a route hook (or list of hooks) refuses with, if it is a guard. */
export function guardRefusals(hooks: unknown): number[] {
  return [hooks]
    .flat()
    .flatMap((hook) =>
      typeof hook === 'function'
        ? ((hook as { [GUARD_REFUSALS]?: readonly number[] })[GUARD_REFUSALS] ?? [])
        : [],
    );
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Guard for "private-or-public headers" calls (SPEC §6): a valid user or public token. */
export function publicOrPrivate(tokens: TokenService) {
  return refusing([401], async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    const identity = token ? await tokens.verify(token) : null;
    if (!identity) throw ERRORS.unauthorized();
    request.identity = identity;
  });
}

/** Tells whether a sign-in session is still open (not logged out, not revoked). */
export interface SessionCheck {
  isActive(sessionId: string, patronId: number): Promise<boolean>;
}

/**
 * Guard for "private headers" calls (SPEC §6): a valid user token whose session is still open.
 * A public token, an expired one, one signed with another key, or one of a revoked session is a 401.
 */
export function privateOnly(tokens: TokenService, sessions: SessionCheck) {
  return refusing([401], async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    const user = asUser(token ? await tokens.verify(token) : null);
    if (!user || !(await sessions.isActive(user.sessionId, user.patronId))) throw ERRORS.unauthorized();
    request.identity = user;
  });
}

/** The user behind a call that passed privateOnly. */
export function currentUser(request: FastifyRequest): UserIdentity {
  const user = asUser(request.identity);
  // Only reachable if a route forgot its guard: refuse rather than serve anyone's data.
  if (!user) throw ERRORS.unauthorized();
  return user;
}

/**
 * A permission check of SPEC §6: one activity, any of several, all of several (activities the
 * institution turned on), or an authenticated-module permission matched by module and activity.
 */
export type PermissionRequirement =
  | { activity: number }
  | { anyOf: readonly number[] }
  | { allOf: readonly number[] }
  | { module: number; activity: number };

/** What a permission check looks at. */
export interface PermissionContext {
  /** Activities the institution has turned on (page configuration). */
  activities: ReadonlySet<number>;
  /** The signed-in patron's module permissions; empty for visitors. */
  userPermissions: readonly { module: number; activity: number }[];
}

/** The one permission rule (SPEC §6), shared by every guarded route. */
export function hasPermission(requirement: PermissionRequirement, context: PermissionContext): boolean {
  if ('module' in requirement) {
    return (
      context.activities.has(requirement.activity) &&
      context.userPermissions.some(
        (p) => p.module === requirement.module && p.activity === requirement.activity,
      )
    );
  }
  if ('anyOf' in requirement) return requirement.anyOf.some((code) => context.activities.has(code));
  if ('allOf' in requirement) return requirement.allOf.every((code) => context.activities.has(code));
  return context.activities.has(requirement.activity);
}

/** Where permission checks read the institution's activities and a patron's module permissions. */
export interface PermissionSource {
  enabledActivities(): Promise<ReadonlySet<number>>;
  userPermissions(patronId: number): Promise<readonly { module: number; activity: number }[]>;
}

/**
 * Route hook refusing with 403 a call whose caller lacks the permission. Put it after a guard;
 * a module permission needs a user token (privateOnly).
 */
export function requirePermission(source: PermissionSource, requirement: PermissionRequirement) {
  return refusing([403], async (request: FastifyRequest): Promise<void> => {
    const user = asUser(request.identity);
    const context: PermissionContext = {
      activities: await source.enabledActivities(),
      userPermissions: user ? await source.userPermissions(user.patronId) : [],
    };
    if (!hasPermission(requirement, context)) throw IDENTITY_ERRORS.forbidden();
  });
}

/** Declares the identity slot on requests. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('identity', null);
}
