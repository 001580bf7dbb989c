import type { FastifyRequest } from 'fastify';
import { holdsRole, type StaffRole } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { currentUser, refusing } from '../../plugins/auth.ts';
import { IDENTITY_ERRORS } from '../identity/errors.ts';
import { rolesOf } from './repository.ts';

/**
 * Route hook refusing with 403 a signed-in caller who does not hold `role` (an administrator holds
 * every role). Put it after the user guard, which answers 401 to anyone not signed in. The roles
 * are read from the database on each call, so a role taken away stops working at once.
 */
export function requireStaffRole(db: Queryable, role: StaffRole) {
  return refusing([403], async (request: FastifyRequest): Promise<void> => {
    const roles = await rolesOf(db, currentUser(request).patronId);
    if (!holdsRole(roles, role)) throw IDENTITY_ERRORS.forbidden();
  });
}
