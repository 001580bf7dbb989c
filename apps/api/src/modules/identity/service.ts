import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { parseLoginUsername, type TokenResponse } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { PermissionSource, SessionCheck } from '../../plugins/auth.ts';
import { readSettings } from '../institution/repository.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import { hashNewPassword, passwordRulesFrom } from './password-policy.ts';
import {
  consumeRefreshToken,
  findEnabledActivities,
  findLinkedLogins,
  findPatron,
  findPatronsByUsername,
  findPermissions,
  findRefreshToken,
  insertRefreshToken,
  isSessionActive,
  pruneExpired,
  recordEvent,
  recordFailure,
  recordSuccess,
  releaseAttempt,
  reserveAttempt,
  revokeOtherSessions,
  revokeSession,
  updatePassword,
  type LinkedLoginRow,
  type PatronRow,
  type SignInEvent,
} from './repository.ts';
import { openSession, REFRESH_TOKEN_TTL_SECONDS, sha256 } from './sessions.ts';
import { asUser, type TokenService } from './tokens.ts';
import { createTwoFactor } from './two-factor.ts';

/** Sign-in limits; tests shorten them. */
export interface SignInOptions {
  /** Consecutive failures of one account before it is locked (SPEC §8 429). */
  maxAccountFailures?: number;
  /** Consecutive failures from one client address before it is locked; higher, since a lab shares one. */
  maxAddressFailures?: number;
  /** How long a lockout lasts, and how long failures are remembered. */
  lockoutSeconds?: number;
  /** Lifetime of a refresh token (each use issues a new one). */
  refreshTokenTtlSeconds?: number;
}

const DEFAULTS: Required<SignInOptions> = {
  maxAccountFailures: 10,
  maxAddressFailures: 50,
  lockoutSeconds: 15 * 60,
  refreshTokenTtlSeconds: REFRESH_TOKEN_TTL_SECONDS,
};

/** Thrown inside the slot transaction to roll it back when a key has no slot left. */
class NoSlotLeft extends Error {}

/** Where a sign-in call comes from. */
export interface CallContext {
  clientId: string;
  address: string;
}

const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/** Where permission checks (SPEC §6) read the enabled activities and a patron's module permissions. */
export function permissionSource(db: Queryable): PermissionSource {
  return {
    enabledActivities: async () => new Set(await findEnabledActivities(db)),
    userPermissions: async (patronId) =>
      (await findPermissions(db, patronId, 'pt')).map((p) => ({
        module: p.module_code,
        activity: p.activity_code,
      })),
  };
}

/** The sign-in use cases: grants, logout, the session and the patron's own login data. */
export function createIdentityService(options: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  signIn?: SignInOptions | undefined;
}) {
  const { db, tokens, clock } = options;
  const limits = { ...DEFAULTS, ...options.signIn };
  const twoFactor = createTwoFactor({ db, clock });
  // Unknown users are checked against this hash, so they take as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hash(randomBytes(16).toString('base64url')));
  // Made now rather than on the first unknown user, whose answer would otherwise be slower.
  dummy().catch(() => undefined);

  // Housekeeping runs after a successful sign-in, at most once an hour per process.
  let prunedAt = 0;
  const pruneNow = async () => {
    const now = clock.now();
    if (Math.abs(now.getTime() - prunedAt) < 3_600_000) return;
    prunedAt = now.getTime();
    await pruneExpired(db, now, limits.lockoutSeconds);
  };

  const audit = (
    q: Queryable,
    event: SignInEvent,
    fields: { username?: string; patronId?: number; address?: string },
  ) => recordEvent(q, { at: clock.now(), event, ...fields });

  /** Opens a session for the patron and answers the token pair. */
  const startSession = (patron: PatronRow, context: CallContext): Promise<TokenResponse> =>
    openSession(
      { db, tokens, clock },
      {
        patronId: patron.id,
        clientId: context.clientId,
        refreshTokenTtlSeconds: limits.refreshTokenTtlSeconds,
      },
    );

  /**
   * Takes an attempt slot on the account and on the address before a password is checked, or
   * refuses with 429 while either is locked or has no slot left (decision 0034). Both slots are
   * taken in one transaction, so a refusal by one takes nothing from the other. The answer settles
   * the attempt once: `failed` keeps the slots as failures, `succeeded` forgets the account's
   * failures and gives the address slot back, `release` (a `finally`) gives both back otherwise.
   */
  async function beginAttempt(username: string, context: CallContext) {
    const account = { key: accountKey(username), max: limits.maxAccountFailures };
    const address = { key: addressKey(context.address), max: limits.maxAddressFailures };
    const windowSeconds = limits.lockoutSeconds;
    const now = clock.now();
    const taken = await db
      .transaction(async (tx) => {
        for (const slot of [account, address]) {
          if (!(await reserveAttempt(tx, slot.key, now, { max: slot.max, windowSeconds })))
            throw new NoSlotLeft();
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NoSlotLeft) return false;
        throw error;
      });
    if (!taken) {
      await audit(db, 'locked_out', { username, address: context.address });
      throw IDENTITY_ERRORS.tooManyAttempts();
    }
    let settled = false;
    const settle = async (work: () => Promise<void>) => {
      if (settled) return;
      settled = true;
      await work();
    };
    return {
      failed: () =>
        settle(async () => {
          const at = clock.now();
          for (const slot of [account, address])
            await recordFailure(db, slot.key, at, { max: slot.max, windowSeconds });
        }),
      succeeded: () =>
        settle(async () => {
          await recordSuccess(db, account.key);
          await releaseAttempt(db, address.key);
        }),
      release: () =>
        settle(async () => {
          for (const slot of [account, address]) await releaseAttempt(db, slot.key);
        }),
    };
  }

  /** Ends the caller's session and opens one for another login of the same person (a linked login). */
  async function switchLogin(
    caller: { patronId: number; sessionId: string },
    targetId: number,
    context: CallContext,
  ): Promise<TokenResponse> {
    const linked = await findLinkedLogins(db, caller.patronId, 'pt');
    const target = linked.find((l) => l.id === targetId);
    // Another person's login is answered as not found, so ids cannot be probed.
    if (!target) throw ERRORS.notFound();
    if (target.is_blocked) throw IDENTITY_ERRORS.accessBlocked();
    const patron = await findPatron(db, target.id);
    if (!patron) throw ERRORS.notFound();
    await db.transaction((tx) => revokeSession(tx, caller.sessionId, clock.now(), 'login_switched'));
    const answer = await startSession(patron, context);
    await audit(db, 'login_switched', { patronId: patron.id, address: context.address });
    return answer;
  }

  return {
    /** Guards read whether a user token's session is still open. */
    sessions: {
      isActive: (sessionId, patronId) => isSessionActive(db, sessionId, patronId),
    } satisfies SessionCheck,

    /** Permission checks read activities and module permissions here. */
    permissions: permissionSource(db),

    /** Password grant (SPEC §7): the username may carry a person or category code. */
    async passwordGrant(
      input: { username: string; password: string; totp?: string | undefined },
      context: CallContext,
    ) {
      const { username, person, category } = parseLoginUsername(input.username.trim());
      if (!username || !input.password) throw IDENTITY_ERRORS.loginFailed();
      let candidates = await findPatronsByUsername(db, username);
      if (person !== undefined) candidates = candidates.filter((p) => p.id === person);
      if (category !== undefined) candidates = candidates.filter((p) => p.category_code === category);
      // SPEC §5: the person must be chosen when several people answer to the username.
      if (candidates.length > 1) throw IDENTITY_ERRORS.choiceRequired();
      const patron = candidates[0];
      // One count per account, whether it is named by its login or by an alias.
      const account = patron?.login ?? username;
      const attempt = await beginAttempt(account, context);
      try {
        const matches = patron
          ? await verify(patron.password_hash, input.password).catch(() => false)
          : await verify(await dummy(), input.password).then(() => false);
        if (!patron || !matches) {
          await attempt.failed();
          await audit(db, 'invalid_credentials', {
            username: account,
            address: context.address,
            ...(patron ? { patronId: patron.id } : {}),
          });
          throw IDENTITY_ERRORS.invalidCredentials();
        }
        if (patron.is_blocked) {
          await audit(db, 'blocked', { username: account, patronId: patron.id, address: context.address });
          throw IDENTITY_ERRORS.accessBlocked();
        }
        if (await twoFactor.isRequired(patron.id)) {
          if (!input.totp?.trim()) throw IDENTITY_ERRORS.totpRequired();
          if (!(await twoFactor.verify(patron.id, input.totp.trim()))) {
            // A wrong code counts towards the lockout like a wrong password: six digits are guessable.
            await attempt.failed();
            await audit(db, 'invalid_second_factor', {
              username: account,
              patronId: patron.id,
              address: context.address,
            });
            throw IDENTITY_ERRORS.totpInvalid();
          }
        }
        await attempt.succeeded();
      } finally {
        // A blocked patron, a missing code or an error: the attempt neither failed nor succeeded.
        await attempt.release();
      }
      const answer = await startSession(patron, context);
      await audit(db, 'sign_in', { username: account, patronId: patron.id, address: context.address });
      await pruneNow();
      return answer;
    },

    /** Refresh grant: rotates the token; a token used before revokes its whole family. */
    async refreshGrant(refreshToken: string, context: CallContext): Promise<TokenResponse> {
      if (!refreshToken) throw IDENTITY_ERRORS.loginFailed();
      const tokenHash = sha256(refreshToken);
      const now = clock.now();
      const next = randomBytes(32).toString('base64url');
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeRefreshToken(tx, tokenHash, now);
        if (consumed) {
          await insertRefreshToken(tx, {
            hash: sha256(next),
            sessionId: consumed.session_id,
            issuedAt: now,
            expiresAt: new Date(now.getTime() + limits.refreshTokenTtlSeconds * 1000),
          });
          return { kind: 'rotated' as const, ...consumed };
        }
        const known = await findRefreshToken(tx, tokenHash);
        if (known?.used_at && !known.session_revoked_at) {
          // Stolen-token protection: whoever holds the family's current token loses it too.
          await revokeSession(tx, known.session_id, now, 'refresh_reuse');
          await recordEvent(tx, {
            at: now,
            event: 'refresh_reuse',
            patronId: known.patron_id,
            address: context.address,
          });
        }
        return { kind: 'refused' as const };
      });
      if (outcome.kind === 'refused') throw IDENTITY_ERRORS.invalidGrant();
      if (outcome.client_id !== context.clientId) throw IDENTITY_ERRORS.invalidGrant();
      const patron = await findPatron(db, outcome.patron_id);
      if (!patron) throw IDENTITY_ERRORS.invalidGrant();
      if (patron.is_blocked) throw IDENTITY_ERRORS.accessBlocked();
      const access = await tokens.issueUser({
        clientId: outcome.client_id,
        patronId: patron.id,
        sessionId: outcome.session_id,
      });
      await audit(db, 'refresh', { patronId: patron.id, address: context.address });
      return {
        access_token: access.token,
        token_type: 'bearer',
        expires_in: access.expiresIn,
        refresh_token: next,
        scope: 'user',
      };
    },

    /** Logout: ends the session of a refresh token or of a user access token; unknown tokens are ignored. */
    async revoke(token: string, context: CallContext): Promise<void> {
      const now = clock.now();
      const known = await findRefreshToken(db, sha256(token));
      let sessionId = known?.session_id ?? null;
      let patronId = known?.patron_id ?? null;
      if (!sessionId) {
        const user = asUser(await tokens.verify(token));
        sessionId = user?.sessionId ?? null;
        patronId = user?.patronId ?? null;
      }
      if (!sessionId || patronId === null) return;
      const id = sessionId;
      await db.transaction((tx) => revokeSession(tx, id, now, 'logout'));
      await audit(db, 'logout', { patronId, address: context.address });
    },

    /** GET /pessoas: the patron of the token, their permissions and the blocked flag. */
    async session(patronId: number, language: ServerLanguage) {
      const patron = await findPatron(db, patronId);
      if (!patron) throw ERRORS.unauthorized();
      const permissions = await findPermissions(db, patronId, language);
      return { patron, permissions };
    },

    /** The logins of the caller's person. */
    linkedLogins(patronId: number, language: ServerLanguage): Promise<LinkedLoginRow[]> {
      return findLinkedLogins(db, patronId, language);
    },

    /** PUT /pessoas/troca-login: ends the current session and opens one for another login of the same person. */
    switchLogin,

    /** GET /pessoas/duplicadas: the people a username names, when it names more than one. */
    async duplicates(username: string) {
      const { username: plain } = parseLoginUsername(username.trim());
      const candidates = await findPatronsByUsername(db, plain);
      if (candidates.length < 2) return { result: false, pessoas: [] };
      return { result: true, pessoas: candidates.map((p) => ({ codigo: p.id, nome: p.name })) };
    },

    /** GET /pessoas/{user}/nome: the name of one of the caller's own logins. */
    async personName(patronId: number, login: string): Promise<string> {
      const linked = await findLinkedLogins(db, patronId, 'pt');
      const found = linked.find((l) => l.login.toLowerCase() === login.trim().toLowerCase());
      if (!found) throw ERRORS.notFound();
      return found.name;
    },

    /** GET /pessoas/email-pessoa-logada. */
    async email(patronId: number): Promise<string | null> {
      const patron = await findPatron(db, patronId);
      if (!patron) throw ERRORS.unauthorized();
      return patron.email;
    },

    /**
     * POST /pessoas/meu-pergamum/troca-usuario: as switchLogin, the login named by its username
     * (any case); a login of another person is not found.
     */
    async switchUser(
      caller: { patronId: number; sessionId: string },
      login: string,
      context: CallContext,
    ): Promise<TokenResponse> {
      const linked = await findLinkedLogins(db, caller.patronId, 'pt');
      const target = linked.find((l) => l.login.toLowerCase() === login.trim().toLowerCase());
      if (!target) throw ERRORS.notFound();
      return switchLogin(caller, target.id, context);
    },

    /** GET /pessoas/meu-pergamum/senha: the rules a new password must meet (the recovery's). */
    async passwordRules() {
      return passwordRulesFrom(await readSettings(db));
    },

    /**
     * PUT /pessoas/meu-pergamum/senha: checks the current password (failures count towards the
     * lockout), the rules and the history; the patron's other sessions end unless
     * `signOutOthers` is false (the session making the change always stays).
     */
    async changePassword(
      caller: { patronId: number; sessionId: string },
      input: { current: string; next: string; signOutOthers?: boolean | undefined },
      context: CallContext,
    ): Promise<void> {
      const patron = await findPatron(db, caller.patronId);
      if (!patron) throw ERRORS.unauthorized();
      const attempt = await beginAttempt(patron.login, context);
      try {
        if (!(await verify(patron.password_hash, input.current).catch(() => false))) {
          await attempt.failed();
          await audit(db, 'password_change_refused', { patronId: patron.id, address: context.address });
          throw IDENTITY_ERRORS.currentPasswordWrong();
        }
        await attempt.succeeded();
      } finally {
        await attempt.release();
      }
      const newHash = await hashNewPassword(
        db,
        patron,
        input.next,
        passwordRulesFrom(await readSettings(db)),
      );
      const now = clock.now();
      await db.transaction(async (tx) => {
        await updatePassword(tx, patron.id, newHash, now);
        if (input.signOutOthers !== false)
          await revokeOtherSessions(tx, patron.id, caller.sessionId, now, 'password_changed');
      });
      await audit(db, 'password_changed', { patronId: patron.id, address: context.address });
    },

    /** GET /pessoas/meu-pergamum/dois-fatores. */
    twoFactorStatus: (patronId: number) => twoFactor.status(patronId),

    /** POST: a new authenticator secret, in force once confirmed. */
    startTwoFactor: (patronId: number) => twoFactor.start(patronId),

    /** PUT: confirms with a code from the app; answers the recovery codes. */
    async confirmTwoFactor(patronId: number, code: string, context: CallContext): Promise<string[]> {
      const codes = await twoFactor.confirm(patronId, code);
      await audit(db, 'two_factor_on', { patronId, address: context.address });
      return codes;
    },

    /** DELETE: turns two-step verification off once the password is confirmed. */
    async disableTwoFactor(patronId: number, password: string, context: CallContext): Promise<void> {
      const patron = await findPatron(db, patronId);
      if (!patron) throw ERRORS.unauthorized();
      const attempt = await beginAttempt(patron.login, context);
      try {
        if (!(await verify(patron.password_hash, password).catch(() => false))) {
          await attempt.failed();
          throw IDENTITY_ERRORS.currentPasswordWrong();
        }
        await attempt.succeeded();
      } finally {
        await attempt.release();
      }
      await twoFactor.disable(patronId);
      await audit(db, 'two_factor_off', { patronId, address: context.address });
    },
  };
}

/** The sign-in service. */
export type IdentityService = ReturnType<typeof createIdentityService>;
