import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Db } from '../../lib/db/index.ts';
import { linkProfessor } from '../teaching-plans/repository.ts';
import { addUser, importUsers, USER_CSV_COLUMNS } from './users.ts';

/** Usage lines of `estante user`, for the command's help. */
export const USER_COMMAND_USAGE = `  estante user add LOGIN --name NAME --category CODE [--email E] [--person-key K] [--alias A]... [--password-stdin]
                                          add a patron (password from the first line of stdin; without one
                                          the password starts blocked and the patron uses password recovery)
  estante user import FILE.csv            add patrons from CSV (header: ${USER_CSV_COLUMNS.join(',')})
  estante user professor LOGIN REGISTRATION|--none
                                          the professor (registration) a login is, whose teaching plans
                                          the personal area shows (--none: no professor)`;

/** What the command reads and writes, so a test can drive it. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** The whole of standard input. */
  readStdin(): Promise<string>;
}

/** `estante user add|import`: answers the exit code. Passwords are never taken from the command line. */
export async function runUserCommand(db: Db, args: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'add') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        category: { type: 'string' },
        email: { type: 'string' },
        'person-key': { type: 'string' },
        alias: { type: 'string', multiple: true },
        'password-stdin': { type: 'boolean' },
      },
    });
    const [login] = positionals;
    if (!login || !values.name || !values.category || positionals.length > 1) {
      io.err('usage: estante user add LOGIN --name NAME --category CODE [--email E] [--password-stdin]');
      return 2;
    }
    const password = values['password-stdin'] ? ((await io.readStdin()).split(/\r?\n/, 1)[0] ?? '') : null;
    if (values['password-stdin'] && !password?.trim()) {
      io.err('estante user add: --password-stdin was given but standard input holds no password.');
      return 2;
    }
    const result = await addUser(db, {
      login,
      name: values.name,
      category: values.category,
      email: values.email ?? null,
      password,
      personKey: values['person-key'] ?? null,
      aliases: values.alias ?? [],
    });
    if (!result.ok) {
      io.err(`estante user add: ${result.reason}.`);
      return 1;
    }
    io.out(
      result.blocked
        ? `User ${login} added (code ${result.id}) without a password: it is blocked until set through password recovery.`
        : `User ${login} added (code ${result.id}).`,
    );
    return 0;
  }
  if (action === 'import') {
    const [file, ...extra] = rest;
    if (!file || extra.length > 0) {
      io.err('usage: estante user import FILE.csv');
      return 2;
    }
    const summary = await importUsers(db, await readFile(file, 'utf8'));
    io.out(
      `${file}: read ${summary.read}, added ${summary.inserted} (${summary.blocked} without a password, blocked), skipped ${summary.skipped.length}`,
    );
    for (const skip of summary.skipped) io.out(`  skipped line ${skip.line}: ${skip.reason}`);
    return summary.skipped.length > 0 && summary.inserted === 0 ? 1 : 0;
  }
  if (action === 'professor') {
    const [login, registration, ...extra] = rest;
    if (!login || !registration || extra.length > 0) {
      io.err('usage: estante user professor LOGIN REGISTRATION|--none');
      return 2;
    }
    const missing = await linkProfessor(db, login, registration === '--none' ? null : registration);
    if (missing) {
      io.err(
        `estante user professor: no ${missing === 'login' ? 'patron' : 'professor'} ${missing === 'login' ? login : registration}.`,
      );
      return 1;
    }
    io.out(
      registration === '--none' ? `${login} is no professor now.` : `${login} is professor ${registration}.`,
    );
    return 0;
  }
  io.err(`usage:\n${USER_COMMAND_USAGE}`);
  return 2;
}
