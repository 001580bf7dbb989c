import {
  DEFAULT_EDITABLE_PERSONAL_DATA,
  PERSONAL_DATA_FIELDS,
  REGISTRATION_RENEWAL_WINDOW_DAYS,
  personalDataProblems,
  splitEmailList,
  type PersonalData,
  type PersonalDataField,
  type PersonalDataUpdate,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { circulationTimeZone } from '../circulation/index.ts';
import { readSettings } from '../institution/index.ts';
import { ACCOUNT_ERRORS } from './errors.ts';
import { FIELD_COLUMNS, presentPersonalData, presentValues } from './presenters.ts';
import {
  findPersonalData,
  insertDataChanges,
  listDepartments,
  updatePersonalData,
  type DataChange,
  type PersonalDataColumns,
  type PersonalDataRow,
} from './repository.ts';

/** Institution setting: the personal-data fields (wire names) a patron may change. */
export const EDITABLE_FIELDS_SETTING = 'dados_pessoais_editaveis';
/** Institution setting: true when patrons renew their registration every year (POST /pessoas/renovar). */
export const YEARLY_RENEWAL_SETTING = 'renovacao_cadastro_anual';

/** The fields patrons may change: the setting's known names, or the default when it is unset. */
export function editableFields(settings: Record<string, unknown>): PersonalDataField[] {
  const given = settings[EDITABLE_FIELDS_SETTING];
  if (!Array.isArray(given)) return [...DEFAULT_EDITABLE_PERSONAL_DATA];
  return PERSONAL_DATA_FIELDS.filter((field) => given.includes(field));
}

/** The library's day (YYYY-MM-DD) in its time zone. */
function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The same day a year on (29 February becomes 1 March). */
function addYear(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Whether a registration ending on `validUntil` may be renewed on `today`. */
function isRenewable(validUntil: string | null, today: string): boolean {
  return validUntil === null || validUntil <= addDays(today, REGISTRATION_RENEWAL_WINDOW_DAYS);
}

/** A wire text trimmed, empty as null. */
const clean = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A value as the history writes it. */
const historyText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** The patron's own account: personal data and its history, the yearly renewal, departments. */
export function createAccountService(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;
  const today = async () => dayIn(clock.now(), await circulationTimeZone(db));

  async function present(q: Queryable, row: PersonalDataRow): Promise<PersonalData> {
    const settings = await readSettings(q);
    const yearlyRenewal = settings[YEARLY_RENEWAL_SETTING] === true;
    return presentPersonalData(row, {
      editable: editableFields(settings),
      yearlyRenewal,
      canRenew: yearlyRenewal && isRenewable(row.registration_valid_until, await today()),
    });
  }

  async function load(q: Queryable, patronId: number, forUpdate = false): Promise<PersonalDataRow> {
    const row = await findPersonalData(q, patronId, { forUpdate });
    // The token names a patron that no longer exists.
    if (!row) throw ERRORS.unauthorized();
    return row;
  }

  return {
    /** GET /pessoas/meu-pergamum/dados-pessoais. */
    async personalData(patronId: number): Promise<PersonalData> {
      return present(db, await load(db, patronId));
    },

    /**
     * PUT /pessoas/meu-pergamum/dados-pessoais: checks SPEC §5's rules, refuses a changed field the
     * patron may not change, writes what changed and keeps each change in the history. `actor` is
     * who changed it ('patron:<id>' or 'staff:<name>'); staff may change every field.
     */
    async updatePersonalData(
      patronId: number,
      input: PersonalDataUpdate,
      actor: string,
    ): Promise<PersonalData> {
      const problem = personalDataProblems(input, await today())[0];
      if (problem) throw ACCOUNT_ERRORS.invalid(problem);
      const editable = actor.startsWith('patron:')
        ? editableFields(await readSettings(db))
        : [...PERSONAL_DATA_FIELDS];
      const row = await db.transaction(async (tx) => {
        const current = await load(tx, patronId, true);
        const before = presentValues(current);
        const columns: Partial<PersonalDataColumns> = {};
        const changes: DataChange[] = [];
        for (const field of PERSONAL_DATA_FIELDS) {
          const sent = input[field];
          if (sent === undefined) continue;
          let next: unknown;
          if (field === 'emails') {
            const emails = splitEmailList((sent as string | null) ?? '');
            next = emails.join('; ');
            if (next !== before.emails) {
              columns.email = emails[0] ?? null;
              columns.other_emails = emails.slice(1);
            }
          } else {
            next = typeof sent === 'string' ? clean(sent) : sent;
            if (next !== before[field]) (columns as Record<string, unknown>)[FIELD_COLUMNS[field]] = next;
          }
          if (next === before[field]) continue;
          if (!editable.includes(field)) throw ACCOUNT_ERRORS.locked();
          changes.push({ field, oldValue: historyText(before[field]), newValue: historyText(next) });
        }
        if (changes.length > 0) {
          await updatePersonalData(tx, patronId, columns);
          await insertDataChanges(tx, patronId, clock.now(), actor, changes);
        }
        return load(tx, patronId);
      });
      return present(db, row);
    },

    /**
     * POST /pessoas/renovar: the patron confirmed their data; the registration's validity moves a
     * year on (from its end, or from today when it has ended or has none). Refused when the
     * institution does not ask for it, or before the renewal window.
     */
    async renewRegistration(patronId: number, actor: string): Promise<string> {
      if ((await readSettings(db))[YEARLY_RENEWAL_SETTING] !== true) throw ACCOUNT_ERRORS.renewalOff();
      const day = await today();
      return db.transaction(async (tx) => {
        const current = await load(tx, patronId, true);
        const until = current.registration_valid_until;
        if (!isRenewable(until, day)) throw ACCOUNT_ERRORS.renewalEarly();
        const next = addYear(until !== null && until >= day ? until : day);
        await updatePersonalData(tx, patronId, { registration_valid_until: next });
        await insertDataChanges(tx, patronId, clock.now(), actor, [
          { field: 'validade_cadastro', oldValue: until, newValue: next },
        ]);
        return next;
      });
    },

    /** GET /pessoas/departamentos. */
    async departments() {
      return (await listDepartments(db)).map((d) => ({ codigo: d.id, descricao: d.name }));
    },
  };
}

/** The account service. */
export type AccountService = ReturnType<typeof createAccountService>;
