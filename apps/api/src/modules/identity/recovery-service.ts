import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  isPasswordRecoveryOffered,
  parseLoginUsername,
  RECOVERY_ERROR_CODE,
  RECOVERY_RULE_KEYS,
  type PasswordRules,
  type RecoveryStart,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail, splitEmails, type Mailer } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { readSettings } from '../institution/repository.ts';
import { presentInstitution } from '../institution/presenters.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import { hashNewPassword, passwordRulesFrom } from './password-policy.ts';
import { recoveryMail } from './recovery-mail.ts';
import {
  countRecoveryCodesFromAddressSince,
  countRecoveryCodesSince,
  insertRecoveryCode,
  returnRecoveryAttempt,
  takeRecoveryAttempt,
  useRecoveryCode,
} from './recovery-repository.ts';
import {
  findPatron,
  findPatronsByUsername,
  revokeOtherSessions,
  updatePassword,
  type PatronRow,
} from './repository.ts';

/** How recovery codes work (setting `recuperacao_senha`). */
export interface RecoveryCodeSettings {
  /** Digits of the code. */
  length: number;
  /** Minutes a code stays valid. */
  minutes: number;
  /** Wrong tries a code allows. */
  attempts: number;
  /** Codes sent per login per hour. */
  perHour: number;
  /** Codes one client address may ask for per hour, all logins together. */
  perAddressHour: number;
}

export const RECOVERY_CODE_DEFAULTS: RecoveryCodeSettings = {
  length: 6,
  minutes: 15,
  attempts: 5,
  perHour: 5,
  perAddressHour: 30,
};

/** The `recuperacao_senha` setting over the defaults; out-of-range values fall back to them. */
export function recoveryCodeSettingsFrom(settings: Record<string, unknown>): RecoveryCodeSettings {
  const given = settings['recuperacao_senha'];
  const raw = given && typeof given === 'object' ? (given as Record<string, unknown>) : {};
  const whole = (v: unknown, min: number, max: number, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
  return {
    length: whole(raw['tamanho_codigo'], 4, 12, RECOVERY_CODE_DEFAULTS.length),
    minutes: whole(raw['validade_minutos'], 1, 24 * 60, RECOVERY_CODE_DEFAULTS.minutes),
    attempts: whole(raw['tentativas'], 1, 20, RECOVERY_CODE_DEFAULTS.attempts),
    perHour: whole(raw['codigos_por_hora'], 1, 100, RECOVERY_CODE_DEFAULTS.perHour),
    perAddressHour: whole(raw['codigos_por_endereco_hora'], 1, 10_000, RECOVERY_CODE_DEFAULTS.perAddressHour),
  };
}

const rule = (code: string, key: string) => new AppError(422, code, null, key);

/** Refusals of password recovery (SPEC §8 recovery: 422 with the server message, 500 unexpected). */
export const RECOVERY_ERRORS = {
  unavailable: () => rule(RECOVERY_ERROR_CODE.RECOVERY_UNAVAILABLE, RECOVERY_RULE_KEYS.unavailable),
  userNotFound: () => rule(RECOVERY_ERROR_CODE.RECOVERY_USER_NOT_FOUND, RECOVERY_RULE_KEYS.userNotFound),
  noEmail: () => rule(RECOVERY_ERROR_CODE.RECOVERY_NO_EMAIL, RECOVERY_RULE_KEYS.noEmail),
  codeInvalid: () => rule(RECOVERY_ERROR_CODE.RECOVERY_CODE_INVALID, RECOVERY_RULE_KEYS.codeInvalid),
  codeExpired: () => rule(RECOVERY_ERROR_CODE.RECOVERY_CODE_EXPIRED, RECOVERY_RULE_KEYS.codeExpired),
  tooManyCodes: () =>
    new AppError(429, RECOVERY_ERROR_CODE.RECOVERY_TOO_MANY_CODES, 'tooManyAttempts', 'too many codes'),
  mailFailed: () => new AppError(500, RECOVERY_ERROR_CODE.RECOVERY_MAIL_FAILED, 'internal', 'mail failed'),
};

/** A code of `length` random digits (leading zeros kept). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Password recovery by e-mail (SPEC §4 forgot password, §5 recovery validation, §7). */
export function createRecoveryService(options: { db: Db; clock: Clock; mailer?: Mailer | undefined }) {
  const { db, clock, mailer } = options;

  /** The institution settings, refusing when recovery is not offered (SPEC §6 flags, or no e-mail). */
  async function offeredSettings(): Promise<Record<string, unknown>> {
    const settings = await readSettings(db);
    if (!mailer || !isPasswordRecoveryOffered(presentInstitution(settings)))
      throw RECOVERY_ERRORS.unavailable();
    return settings;
  }

  /** The one patron a login names (a person or category suffix picks among duplicates). */
  async function patronOf(login: string): Promise<PatronRow> {
    const { username, person, category } = parseLoginUsername(login.trim());
    if (!username) throw RECOVERY_ERRORS.userNotFound();
    let candidates = await findPatronsByUsername(db, username);
    if (person !== undefined) candidates = candidates.filter((p) => p.id === person);
    if (category !== undefined) candidates = candidates.filter((p) => p.category_code === category);
    if (candidates.length > 1) throw IDENTITY_ERRORS.choiceRequired();
    const patron = candidates[0];
    if (!patron) throw RECOVERY_ERRORS.userNotFound();
    return patron;
  }

  /** Checks the code, counting a wrong one; answers the code's id. */
  async function checkCode(patron: PatronRow, code: string): Promise<number> {
    const taken = await takeRecoveryAttempt(db, patron.id, clock.now());
    if (!taken) throw RECOVERY_ERRORS.codeExpired();
    const matches = /^\d{1,20}$/.test(code) && (await verify(taken.code_hash, code).catch(() => false));
    if (!matches) throw RECOVERY_ERRORS.codeInvalid();
    await returnRecoveryAttempt(db, taken.id);
    return taken.id;
  }

  /** Makes a new code for the patron (the previous one stops working), e-mails it and says where it went. */
  async function sendCode(
    settings: Record<string, unknown>,
    patron: PatronRow,
    language: ServerLanguage,
    address: string,
    logMailError: (error: unknown) => void,
    onStored?: (tx: Queryable, sent: { emails: string[]; expiresAt: Date }) => Promise<void>,
  ): Promise<RecoveryStart> {
    const emails = splitEmails(patron.email);
    if (emails.length === 0) throw RECOVERY_ERRORS.noEmail();
    const limits = recoveryCodeSettingsFrom(settings);
    const now = clock.now();
    const hourAgo = new Date(now.getTime() - 3600_000);
    if ((await countRecoveryCodesSince(db, patron.id, hourAgo)) >= limits.perHour)
      throw RECOVERY_ERRORS.tooManyCodes();
    if ((await countRecoveryCodesFromAddressSince(db, address, hourAgo)) >= limits.perAddressHour)
      throw RECOVERY_ERRORS.tooManyCodes();
    const code = randomCode(limits.length);
    const expiresAt = new Date(now.getTime() + limits.minutes * 60_000);
    const codeHash = await hash(code);
    await db.transaction(async (tx) => {
      await insertRecoveryCode(tx, {
        patronId: patron.id,
        hash: codeHash,
        createdAt: now,
        expiresAt,
        maxAttempts: limits.attempts,
        address,
      });
      await onStored?.(tx, { emails: emails.map(maskEmail), expiresAt });
    });
    const institution = presentInstitution(settings);
    try {
      await mailer!.send(
        recoveryMail(
          {
            to: emails,
            firstName: firstName(patron.name),
            code,
            minutes: limits.minutes,
            institution: institution.nome,
          },
          language,
        ),
      );
    } catch (error) {
      logMailError(error);
      throw RECOVERY_ERRORS.mailFailed();
    }
    return {
      emails: emails.map(maskEmail),
      name: firstName(patron.name),
      length: limits.length,
      tte: limits.minutes * 60,
      expira_em: expiresAt.toISOString(),
    };
  }

  return {
    /** GET: makes a new code (the previous one stops working), e-mails it and says where it went. */
    async start(
      login: string,
      language: ServerLanguage,
      address: string,
      logMailError: (error: unknown) => void,
    ): Promise<RecoveryStart> {
      const settings = await offeredSettings();
      return sendCode(settings, await patronOf(login), language, address, logMailError);
    },

    /**
     * The same code and e-mail for a patron named by staff (decision 0062): `onStored` runs in the
     * transaction that stores the code, so the staff audit entry goes with it.
     */
    async startFor(
      patronId: number,
      language: ServerLanguage,
      address: string,
      logMailError: (error: unknown) => void,
      onStored: (tx: Queryable, sent: { emails: string[]; expiresAt: Date }) => Promise<void>,
    ): Promise<RecoveryStart> {
      const settings = await offeredSettings();
      const patron = await findPatron(db, patronId);
      if (!patron) throw RECOVERY_ERRORS.userNotFound();
      return sendCode(settings, patron, language, address, logMailError, onStored);
    },

    /** POST: checks the code and answers the password rules the new password must meet. */
    async verifyCode(login: string, code: string): Promise<PasswordRules> {
      const settings = await offeredSettings();
      const patron = await patronOf(login);
      await checkCode(patron, code);
      return passwordRulesFrom(settings);
    },

    /**
     * PUT: checks the code and every rule, the history of the last N passwords included; sets the
     * password (unblocking it), uses up the code and ends every session of the patron.
     */
    async setPassword(login: string, code: string, password: string): Promise<void> {
      const settings = await offeredSettings();
      const patron = await patronOf(login);
      const codeId = await checkCode(patron, code);
      const newHash = await hashNewPassword(db, patron, password, passwordRulesFrom(settings));
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        if (!(await useRecoveryCode(tx, codeId, now))) return false;
        await updatePassword(tx, patron.id, newHash, now);
        await revokeOtherSessions(tx, patron.id, null, now, 'password_recovered');
        return true;
      });
      // The code was used or replaced by a parallel call between the check and now.
      if (!done) throw RECOVERY_ERRORS.codeExpired();
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
