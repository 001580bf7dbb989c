import { STAFF_ROLES, type StaffRole } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';

/** A person holding at least one role. */
export interface StaffMemberRow {
  patronId: number;
  login: string;
  name: string;
  roles: StaffRole[];
}

/** Roles in STAFF_ROLES order, whatever order the database gave them in. */
function ordered(roles: readonly string[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}

/** The roles a person holds (empty for a patron who is not staff). */
export async function rolesOf(db: Queryable, patronId: number): Promise<StaffRole[]> {
  const { rows } = await db.query<{ role: string }>('SELECT role FROM staff_role WHERE patron_id = $1', [
    patronId,
  ]);
  return ordered(rows.map((row) => row.role));
}

/** A person's login and name, by id. */
export async function personOf(
  db: Queryable,
  patronId: number,
): Promise<{ login: string; name: string } | null> {
  const { rows } = await db.query<{ login: string; name: string }>(
    'SELECT login, name FROM patron WHERE id = $1',
    [patronId],
  );
  return rows[0] ?? null;
}

/** Everyone holding a role, by name. */
export async function listMembers(db: Queryable): Promise<StaffMemberRow[]> {
  const { rows } = await db.query<{ id: number; login: string; name: string; roles: string[] }>(
    `SELECT p.id, p.login, p.name, array_agg(s.role) AS roles
       FROM staff_role s JOIN patron p ON p.id = s.patron_id
      GROUP BY p.id, p.login, p.name
      ORDER BY p.name, p.login`,
  );
  return rows.map((row) => ({
    patronId: row.id,
    login: row.login,
    name: row.name,
    roles: ordered(row.roles),
  }));
}

/** Why roles were not changed. */
export type RoleChangeRefusal = 'UNKNOWN_LOGIN' | 'LAST_ADMINISTRATOR';

/**
 * Sets a person's roles from what they hold now (`next(current)`), in one transaction. Refuses an
 * unknown login, and taking the administrator role from the last person holding it (the workspace
 * would have nobody to give roles): the administrators' rows are locked first, so two
 * administrators removing each other at once cannot both succeed. A change is written to the audit
 * log in the same transaction, with the roles before and after.
 */
export async function changeRoles(
  db: Db,
  login: string,
  next: (current: readonly StaffRole[]) => readonly StaffRole[],
  grant: { actor: StaffActor; at: Date },
): Promise<{ ok: true; member: StaffMemberRow } | { ok: false; reason: RoleChangeRefusal }> {
  return db.transaction(async (tx) => {
    const { rows: people } = await tx.query<{ id: number; login: string; name: string }>(
      'SELECT id, login, name FROM patron WHERE lower(login) = lower($1)',
      [login.trim()],
    );
    const person = people[0];
    if (!person) return { ok: false, reason: 'UNKNOWN_LOGIN' };
    const { rows: administrators } = await tx.query<{ patron_id: number }>(
      "SELECT patron_id FROM staff_role WHERE role = 'administrador' FOR UPDATE",
    );
    const current = await rolesOf(tx, person.id);
    const wanted = ordered([...new Set(next(current))]);
    const losesAdministrator = current.includes('administrador') && !wanted.includes('administrador');
    if (losesAdministrator && administrators.every((row) => row.patron_id === person.id))
      return { ok: false, reason: 'LAST_ADMINISTRATOR' };
    const removed = current.filter((role) => !wanted.includes(role));
    const added = wanted.filter((role) => !current.includes(role));
    if (removed.length > 0)
      await tx.query('DELETE FROM staff_role WHERE patron_id = $1 AND role = ANY($2::text[])', [
        person.id,
        removed,
      ]);
    for (const role of added)
      await tx.query(
        `INSERT INTO staff_role (patron_id, role, granted_at, granted_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [person.id, role, grant.at, grant.actor.login],
      );
    if (removed.length > 0 || added.length > 0)
      await recordStaffAction(tx, {
        actor: grant.actor,
        action: 'roles.set',
        target: { kind: 'patron', id: person.login },
        before: { papeis: current },
        after: { papeis: wanted },
        at: grant.at,
      });
    return {
      ok: true,
      member: { patronId: person.id, login: person.login, name: person.name, roles: wanted },
    };
  });
}
