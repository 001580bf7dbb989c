import type { FastifyRequest } from 'fastify';
import type { StaffActionName } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { personOf } from './repository.ts';

/** Who did it: the signed-in staff member (id and login), or an operator's command (id null). */
export interface StaffActor {
  patronId: number | null;
  login: string;
}

/** One change made by staff, as the audit log keeps it (decision 0056). */
export interface StaffActionEntry {
  actor: StaffActor;
  action: StaffActionName;
  /** What it was done to: a kind ('comment', 'suggestion', 'patron'…) and its id or login. */
  target: { kind: string; id: string | number };
  /** The thing before and after the change; null where it did not exist or no longer does. */
  before: unknown;
  after: unknown;
  at: Date;
}

/**
 * Appends an entry to the audit log. Call it with the transaction that makes the change, so that a
 * change is never without its entry nor an entry without its change. The log is append-only: the
 * database refuses any UPDATE, DELETE or TRUNCATE of it.
 */
export async function recordStaffAction(q: Queryable, entry: StaffActionEntry): Promise<void> {
  await q.query(
    `INSERT INTO staff_action (at, actor_id, actor_login, action, target_kind, target_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.at,
      entry.actor.patronId,
      entry.actor.login,
      entry.action,
      entry.target.kind,
      String(entry.target.id),
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    ],
  );
}

/** The signed-in staff member making a request (after the user guard and the role guard). */
export async function staffActor(db: Queryable, request: FastifyRequest): Promise<StaffActor> {
  const { patronId } = currentUser(request);
  const person = await personOf(db, patronId);
  if (!person) throw ERRORS.unauthorized();
  return { patronId, login: person.login };
}
