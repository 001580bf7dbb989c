import { parseArgs } from 'node:util';
import { isCalendarDay, PERSONAL_DATA_FIELDS, PersonalDataUpdateSchema } from '@estante/contract';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readSettings, writeSetting } from '../institution/index.ts';
import { findPatronIdByLogin, listDataChanges } from './repository.ts';
import {
  createAccountService,
  EDITABLE_FIELDS_SETTING,
  editableFields,
  YEARLY_RENEWAL_SETTING,
} from './service.ts';

/** Usage lines of `estante account`, for the command's help. */
export const ACCOUNT_COMMAND_USAGE = `  estante account history [LOGIN] [--since YYYY-MM-DD]
                                          print the changes of personal data (who, when, field, old → new)
  estante account fields                  list the personal-data fields patrons may change
  estante account fields FIELD,FIELD...|--default|--none
                                          choose them (${PERSONAL_DATA_FIELDS.join(', ')})
  estante account set LOGIN FIELD VALUE   change one field of a patron's personal data (kept in the history)
  estante account renewal on|off          ask patrons to renew their registration every year`;

/** Where the command writes; a test reads it. */
export interface AccountCommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** A history value as printed: empty shown as a dash. */
const shown = (value: string | null) => (value === null ? '—' : value);

/** `estante account …`: answers the exit code. */
export async function runAccountCommand(
  db: Db,
  args: string[],
  io: AccountCommandIo,
  clock: Clock = systemClock,
): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'history': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { since: { type: 'string' } },
      });
      if (positionals.length > 1 || (values.since !== undefined && !isCalendarDay(values.since))) {
        io.err('usage: estante account history [LOGIN] [--since YYYY-MM-DD]');
        return 2;
      }
      const rows = await listDataChanges(db, { login: positionals[0], since: values.since });
      if (rows.length === 0) io.out('No changes of personal data.');
      for (const row of rows) {
        io.out(
          `${row.changed_at.toISOString()}  ${row.login}  by ${row.changed_by}  ${row.field}: ${shown(row.old_value)} → ${shown(row.new_value)}`,
        );
      }
      return 0;
    }
    case 'fields': {
      if (rest.length === 0) {
        io.out(`Patrons may change: ${editableFields(await readSettings(db)).join(', ') || 'nothing'}.`);
        return 0;
      }
      let chosen: string[];
      if (rest[0] === '--default' && rest.length === 1) {
        // Not a list: the default applies.
        await writeSetting(db, EDITABLE_FIELDS_SETTING, null);
        io.out(`Patrons may change: ${editableFields({}).join(', ')} (the default).`);
        return 0;
      } else if (rest[0] === '--none' && rest.length === 1) chosen = [];
      else
        chosen = rest
          .join(',')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean);
      const unknown = chosen.filter((f) => !(PERSONAL_DATA_FIELDS as readonly string[]).includes(f));
      if (unknown.length > 0) {
        io.err(
          `estante account fields: unknown field ${unknown.join(', ')}; the fields are ${PERSONAL_DATA_FIELDS.join(', ')}.`,
        );
        return 2;
      }
      await writeSetting(db, EDITABLE_FIELDS_SETTING, chosen);
      io.out(`Patrons may change: ${editableFields(await readSettings(db)).join(', ') || 'nothing'}.`);
      return 0;
    }
    case 'set': {
      const [login, field, value, ...extra] = rest;
      if (!login || !field || value === undefined || extra.length > 0) {
        io.err('usage: estante account set LOGIN FIELD VALUE');
        return 2;
      }
      if (!(PERSONAL_DATA_FIELDS as readonly string[]).includes(field)) {
        io.err(
          `estante account set: unknown field ${field}; the fields are ${PERSONAL_DATA_FIELDS.join(', ')}.`,
        );
        return 2;
      }
      const patronId = await findPatronIdByLogin(db, login);
      if (patronId === null) {
        io.err(`estante account set: no patron ${login}.`);
        return 1;
      }
      const raw =
        field === 'recebe_email' ? ['true', 'sim', 's', 'yes'].includes(value.toLowerCase()) : value;
      const parsed = PersonalDataUpdateSchema.safeParse({ [field]: raw === '' ? null : raw });
      if (!parsed.success) {
        io.err(`estante account set: ${field} cannot be "${value}".`);
        return 2;
      }
      try {
        await createAccountService({ db, clock }).updatePersonalData(patronId, parsed.data, 'staff:command');
      } catch (error) {
        if (error instanceof AppError) {
          io.err(`estante account set: refused (${error.message}).`);
          return 1;
        }
        throw error;
      }
      io.out(`${login}: ${field} changed.`);
      return 0;
    }
    case 'renewal': {
      const [state, ...extra] = rest;
      if ((state !== 'on' && state !== 'off') || extra.length > 0) {
        io.err('usage: estante account renewal on|off');
        return 2;
      }
      await writeSetting(db, YEARLY_RENEWAL_SETTING, state === 'on');
      io.out(
        state === 'on'
          ? 'Patrons renew their registration every year in the personal area.'
          : 'No yearly registration renewal.',
      );
      return 0;
    }
    default:
      io.err(`usage:\n${ACCOUNT_COMMAND_USAGE}`);
      return 2;
  }
}
