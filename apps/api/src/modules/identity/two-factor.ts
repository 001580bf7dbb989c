import type { TwoFactorEnrolment, TwoFactorStatus } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { presentInstitution } from '../institution/presenters.ts';
import { readSettings } from '../institution/repository.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import {
  deleteTotp,
  enableTotp,
  findPatron,
  findTotp,
  savePendingTotp,
  useRecoveryCode,
  useTotpStep,
} from './repository.ts';
import {
  base32Decode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './totp.ts';

/**
 * Two-step verification (beyond SPEC; issue 5): a patron may add an authenticator app when the
 * institution offers it (setting `dois_fatores`); then the password grant also needs its code.
 */
export function createTwoFactor(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  const isOffered = async () => (await readSettings(db))['dois_fatores'] === true;

  return {
    isOffered,

    /** Whether signing this patron in needs a second factor now. */
    async isRequired(patronId: number): Promise<boolean> {
      // Checked first: with the feature off, sign-in never reads the two-step tables.
      if (!(await isOffered())) return false;
      return Boolean((await findTotp(db, patronId))?.enabled_at);
    },

    /** Checks a code from the app, or spends a recovery code; each works once. */
    async verify(patronId: number, code: string): Promise<boolean> {
      const totp = await findTotp(db, patronId);
      if (!totp?.enabled_at) return false;
      const step = matchTotp(base32Decode(totp.secret), code, clock.now(), totp.last_used_step);
      if (step !== null) return useTotpStep(db, patronId, step);
      if (!/^[a-z2-7]{4}-?[a-z2-7]{4}$/i.test(code.trim())) return false;
      return useRecoveryCode(db, patronId, recoveryCodeHash(code), clock.now());
    },

    async status(patronId: number): Promise<TwoFactorStatus> {
      const offered = await isOffered();
      return { disponivel: offered, ativo: offered && Boolean((await findTotp(db, patronId))?.enabled_at) };
    },

    /** Starts an enrolment: a new secret for the app, in force once confirmed with a code. */
    async start(patronId: number): Promise<TwoFactorEnrolment> {
      const settings = await readSettings(db);
      if (settings['dois_fatores'] !== true) throw IDENTITY_ERRORS.forbidden();
      const patron = await findPatron(db, patronId);
      if (!patron) throw ERRORS.unauthorized();
      if ((await findTotp(db, patronId))?.enabled_at) throw IDENTITY_ERRORS.twoFactorActive();
      const secret = newTotpSecret();
      await savePendingTotp(db, patronId, secret, clock.now());
      const issuer = presentInstitution(settings).nome;
      return { secret, otpauth_url: otpauthUrl({ secret, account: patron.login, issuer }) };
    },

    /** Confirms the enrolment with a code from the app; answers the recovery codes, shown once. */
    async confirm(patronId: number, code: string): Promise<string[]> {
      if (!(await isOffered())) throw IDENTITY_ERRORS.forbidden();
      const totp = await findTotp(db, patronId);
      if (!totp) throw ERRORS.notFound();
      if (totp.enabled_at) throw IDENTITY_ERRORS.twoFactorActive();
      const step = matchTotp(base32Decode(totp.secret), code, clock.now(), totp.last_used_step);
      if (step === null || !(await useTotpStep(db, patronId, step))) throw IDENTITY_ERRORS.totpInvalid();
      const codes = newRecoveryCodes();
      await db.transaction((tx) => enableTotp(tx, patronId, codes.map(recoveryCodeHash), clock.now()));
      return codes;
    },

    /** Turns two-step verification off (the caller has checked the password). */
    async disable(patronId: number): Promise<void> {
      await db.transaction((tx) => deleteTotp(tx, patronId));
    },
  };
}

/** The two-step verification service. */
export type TwoFactor = ReturnType<typeof createTwoFactor>;
