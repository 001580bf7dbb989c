import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { z } from 'zod';
import { LOGIN_SUFFIX_SEPARATOR } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { findCategoryCodes, insertPatron } from './repository.ts';

/** A patron as staff give it (estante user add, one CSV row). */
export const NewUserSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1, 'login is required')
    .max(100, 'login is longer than 100 characters')
    .refine(
      (v) => !v.includes(LOGIN_SUFFIX_SEPARATOR) && !/\s/.test(v),
      'login must not contain spaces or "|"',
    ),
  name: z.string().trim().min(1, 'name is required').max(200),
  email: z
    .string()
    .trim()
    .email('email is not an e-mail address')
    .nullish()
    .or(z.literal('').transform(() => null)),
  category: z.string().trim().min(1, 'category is required'),
  /** Absent: the password starts blocked, and the patron sets one through password recovery. */
  password: z.string().nullish(),
  personKey: z.string().trim().nullish(),
  aliases: z.array(z.string().trim().min(1)).default([]),
});
export type NewUser = z.input<typeof NewUserSchema>;

/** Result of adding one user. */
export type AddUserResult = { ok: true; id: number; blocked: boolean } | { ok: false; reason: string };

/** A patron just added, as the staff audit log records it (never the password). */
export interface AddedUser {
  id: number;
  login: string;
  name: string;
  email: string | null;
  category: string;
  /** Added without a password: blocked until the patron sets one through password recovery. */
  blocked: boolean;
}

/** Runs in the transaction that adds the patron (the staff import writes its audit entry there). */
export type OnUserAdded = (tx: Queryable, user: AddedUser) => Promise<void>;

/** Adds one patron with an Argon2id hash; refuses a taken login or an unknown category. */
export async function addUser(
  db: Db,
  input: NewUser,
  categories?: readonly string[],
  onAdded?: OnUserAdded,
): Promise<AddUserResult> {
  const parsed = NewUserSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => i.message).join('; ') };
  const user = parsed.data;
  const known = categories ?? (await findCategoryCodes(db));
  if (!known.includes(user.category)) return { ok: false, reason: `unknown category "${user.category}"` };
  const password = user.password?.trim() ? user.password.trim() : null;
  // Without a password the account gets an unguessable one and starts blocked (SPEC §8 430: use forgot password).
  const passwordHash = await hash(password ?? randomBytes(32).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const added = await insertPatron(tx, {
      login: user.login,
      name: user.name,
      email: user.email ?? null,
      categoryCode: user.category,
      passwordHash,
      isBlocked: password === null,
      personKey: user.personKey ?? null,
      aliases: user.aliases,
    });
    if (added !== null)
      await onAdded?.(tx, {
        id: added,
        login: user.login,
        name: user.name,
        email: user.email ?? null,
        category: user.category,
        blocked: password === null,
      });
    return added;
  });
  if (id === null) return { ok: false, reason: `login "${user.login}" already exists` };
  return { ok: true, id, blocked: password === null };
}

/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string, delimiter: ',' | ';' = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** Columns of the user import file; login, name and category are required. */
export const USER_CSV_COLUMNS = [
  'login',
  'name',
  'email',
  'category',
  'password',
  'person_key',
  'aliases',
] as const;

/** Outcome of an import: rows added, and rows skipped with their line and reason. */
export interface UserImportSummary {
  read: number;
  inserted: number;
  blocked: number;
  skipped: { line: number; reason: string }[];
}

/** The header row lacks a required column: nothing is imported. */
export class UserCsvHeaderError extends Error {
  constructor(readonly missing: string[]) {
    super(`the header row lacks the column(s) ${missing.join(', ')}`);
    this.name = 'UserCsvHeaderError';
  }
}

/**
 * Imports patrons from CSV with a header row naming USER_CSV_COLUMNS (comma or semicolon;
 * aliases separated by "|"). A bad row is reported and skipped; the others are added.
 */
export async function importUsers(
  db: Db,
  csv: string,
  onProgress?: (done: number) => void,
  onAdded?: OnUserAdded,
): Promise<UserImportSummary> {
  // Spreadsheets in Portuguese locales save CSV with semicolons.
  const firstLine = csv.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const [header, ...rows] = parseCsv(csv, delimiter);
  const summary: UserImportSummary = { read: 0, inserted: 0, blocked: 0, skipped: [] };
  if (!header) return summary;
  const columns = header.map((h) => h.trim().toLowerCase());
  const missing = ['login', 'name', 'category'].filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new UserCsvHeaderError(missing);
  const categories = await findCategoryCodes(db);
  for (const [index, cells] of rows.entries()) {
    summary.read++;
    const value = (column: string) => {
      const at = columns.indexOf(column);
      return at >= 0 ? (cells[at] ?? '').trim() : '';
    };
    const result = await addUser(
      db,
      {
        login: value('login'),
        name: value('name'),
        email: value('email') || null,
        category: value('category'),
        password: value('password') || null,
        personKey: value('person_key') || null,
        aliases: value('aliases')
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      },
      categories,
      onAdded,
    );
    if (result.ok) {
      summary.inserted++;
      if (result.blocked) summary.blocked++;
    } else summary.skipped.push({ line: index + 2, reason: result.reason });
    onProgress?.(summary.read);
  }
  return summary;
}
