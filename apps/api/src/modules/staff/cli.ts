import { STAFF_ROLES, type StaffRole } from '@estante/contract';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { changeRoles, listMembers } from './repository.ts';

/** Usage lines of `estante staff`, for the command's help. */
export const STAFF_COMMAND_USAGE = `  estante staff list                       who holds which staff role
  estante staff grant LOGIN ROLE...        give roles (${STAFF_ROLES.join(', ')})
  estante staff revoke LOGIN ROLE...       take roles away (the last administrator keeps theirs)`;

/** What the command reads and writes, so a test can drive it. */
export interface StaffIo {
  out(line: string): void;
  err(line: string): void;
}

function isRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * `estante staff …` (decision 0054): roles given by the operator of the server, e.g. the first
 * administrator, who then gives the others theirs on screen. `actor` names who granted them.
 * Answers the exit code.
 */
export async function runStaffCommand(
  db: Db,
  args: string[],
  io: StaffIo,
  options: { clock?: Clock; actor: string },
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const [action, login, ...roles] = args;
  const usage = () => {
    io.err(`usage:\n${STAFF_COMMAND_USAGE}`);
    return 2;
  };
  if (action === 'list' && login === undefined) {
    const members = await listMembers(db);
    if (members.length === 0) io.out('Nobody holds a staff role.');
    for (const member of members) io.out(`${member.login}  ${member.name}: ${member.roles.join(', ')}`);
    return 0;
  }
  if ((action !== 'grant' && action !== 'revoke') || !login || roles.length === 0) return usage();
  const unknown = roles.filter((role) => !isRole(role));
  if (unknown.length > 0) {
    io.err(`estante staff: unknown role ${unknown.join(', ')} (roles: ${STAFF_ROLES.join(', ')}).`);
    return 2;
  }
  const named = roles.filter(isRole);
  const result = await changeRoles(
    db,
    login,
    (current) =>
      action === 'grant' ? [...current, ...named] : current.filter((role) => !named.includes(role)),
    { actor: { patronId: null, login: options.actor }, at: clock.now() },
  );
  if (!result.ok) {
    io.err(
      result.reason === 'UNKNOWN_LOGIN'
        ? `estante staff: there is no patron with the login ${login}.`
        : 'estante staff: this is the last administrator; give another person the role first.',
    );
    return 1;
  }
  const held = result.member.roles;
  io.out(
    `${result.member.login} (${result.member.name}): ${held.length > 0 ? held.join(', ') : 'no staff role'}.`,
  );
  return 0;
}
