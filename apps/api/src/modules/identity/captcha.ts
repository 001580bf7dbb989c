import { createHash, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ACTIVITY,
  CAPTCHA_ERROR_CODE,
  CAPTCHA_RULE_KEYS,
  CaptchaPayloadSchema,
  type CaptchaChallenge,
  type CaptchaConfiguration,
  type CaptchaProvider,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import { DEFAULT_RECAPTCHA_VERIFY_URL } from '../../lib/config.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readSettings } from '../institution/repository.ts';

/** How hard the proof of work is; tests make it tiny. */
export interface CaptchaOptions {
  /** PBKDF2 iterations per attempt. */
  cost?: number;
  /** The solver tries counters from 0; the answer is drawn in [min, max). */
  counterMin?: number;
  counterMax?: number;
  /** Seconds a challenge may be solved and used in. */
  ttlSeconds?: number;
}

/** Where reCAPTCHA tokens are checked (decision 0017); used only once the institution set both keys. */
export interface RecaptchaOptions {
  /** The siteverify address (RECAPTCHA_VERIFY_URL); Google's by default. */
  verifyUrl?: string;
  /** Milliseconds siteverify has to answer before the sign-in is refused. */
  timeoutMs?: number;
}

/** Institution settings holding the reCAPTCHA keys (`estante settings set recaptcha_site_key …`). */
export const RECAPTCHA_SETTINGS = {
  siteKey: 'recaptcha_site_key',
  /** Never served: only the server uses it, to ask siteverify. */
  secretKey: 'recaptcha_secret_key',
} as const;

// A sign-in waits for siteverify: an unreachable one must not hold it (nor a connection) for long.
const RECAPTCHA_TIMEOUT_MS = 5000;
const RECAPTCHA_TOKEN_MAX_LENGTH = 8192;

/** The part of siteverify's answer we read (https://developers.google.com/recaptcha/docs/verify). */
const SiteverifyAnswerSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/** What a verified captcha leaves behind, so a sign-in that needs the two-step code can release it. */
export interface CaptchaRecord {
  provider: CaptchaProvider;
  /** The single-use record of the captcha in `captcha_spent`. */
  key: string;
}

// About a second of work in a browser's workers; a script must pay it for every attempt.
const DEFAULTS: Required<CaptchaOptions> = {
  cost: 1000,
  counterMin: 1000,
  counterMax: 4000,
  ttlSeconds: 600,
};

const ALGORITHM = 'PBKDF2/SHA-256';

/** Captcha refusals (SPEC §8 "captcha expired or invalid"), 422 with a translation key. */
export const CAPTCHA_ERRORS = {
  required: () => new AppError(422, CAPTCHA_ERROR_CODE.CAPTCHA_REQUIRED, null, CAPTCHA_RULE_KEYS.required),
  invalid: () => new AppError(422, CAPTCHA_ERROR_CODE.CAPTCHA_INVALID, null, CAPTCHA_RULE_KEYS.invalid),
};

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The record granting a released reCAPTCHA token its one more use. */
const releasedKey = (key: string) => digest(`released:${key}`);

/** Reads the widget's payload (base64 of JSON); null when it is not one. */
function decodePayload(token: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = CaptchaPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Self-hosted captcha (ALTCHA proof of work, altcha-lib v2) for sign-in when the institution turns
 * on activity 1120 (SPEC §6). Challenges are signed with secrets derived from the token secret, so
 * no state is kept until a solution is used; each solved challenge is accepted once.
 */
export function createCaptcha(options: {
  db: Db;
  clock: Clock;
  secret: string;
  captcha?: CaptchaOptions | undefined;
  recaptcha?: RecaptchaOptions | undefined;
  /** Where an unreachable or odd siteverify is reported (the refusal itself says nothing of it). */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}) {
  const { db, clock } = options;
  const settings = { ...DEFAULTS, ...options.captcha };
  const verifyUrl = options.recaptcha?.verifyUrl ?? DEFAULT_RECAPTCHA_VERIFY_URL;
  const timeoutMs = options.recaptcha?.timeoutMs ?? RECAPTCHA_TIMEOUT_MS;
  const hmacSignatureSecret = digest(`altcha-challenge:${options.secret}`);
  const hmacKeySignatureSecret = digest(`altcha-key:${options.secret}`);

  /** Whether the institution asks for the captcha on sign-in (activity 1120 on). */
  async function isRequired(): Promise<boolean> {
    const { rows } = await db.query<{ enabled: boolean }>('SELECT enabled FROM activity WHERE code = $1', [
      ACTIVITY.LOGIN_CAPTCHA,
    ]);
    return rows[0]?.enabled === true;
  }

  /** The reCAPTCHA keys when the institution has set both; without them the captcha is ALTCHA. */
  async function recaptchaKeys(): Promise<{ siteKey: string; secretKey: string } | null> {
    const stored = await readSettings(db);
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const siteKey = text(stored[RECAPTCHA_SETTINGS.siteKey]);
    const secretKey = text(stored[RECAPTCHA_SETTINGS.secretKey]);
    return siteKey && secretKey ? { siteKey, secretKey } : null;
  }

  /** Records a captcha as used; false when it already was (a replay, or two sign-ins at once). */
  async function spend(key: string, expiresAt: Date): Promise<boolean> {
    const { rows } = await db.query(
      `INSERT INTO captcha_spent (challenge_hash, expires_at) VALUES ($1, $2::timestamptz)
       ON CONFLICT (challenge_hash) DO NOTHING RETURNING challenge_hash`,
      [key, expiresAt.toISOString()],
    );
    await db.query('DELETE FROM captcha_spent WHERE expires_at < $1::timestamptz', [
      clock.now().toISOString(),
    ]);
    return rows.length > 0;
  }

  /** Checks a solved ALTCHA challenge and uses it up; throws the 422 refusal otherwise. */
  async function verifyAltcha(token: string): Promise<CaptchaRecord> {
    const payload = decodePayload(token);
    if (!payload) throw CAPTCHA_ERRORS.invalid();
    const now = clock.now();
    const expiresAt = payload.challenge.parameters.expiresAt;
    // Our own clock decides expiry (altcha-lib also checks the system time).
    if (!expiresAt || expiresAt * 1000 <= now.getTime()) throw CAPTCHA_ERRORS.invalid();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    if (!result.verified) throw CAPTCHA_ERRORS.invalid();
    // Single use: the first to record the challenge wins, a replay finds it recorded.
    const key = digest(payload.challenge.signature);
    if (!(await spend(key, new Date(expiresAt * 1000)))) throw CAPTCHA_ERRORS.invalid();
    return { provider: 'altcha', key };
  }

  /** Asks siteverify about a reCAPTCHA token; any failure to get a clear yes is a no. */
  async function siteverify(secretKey: string, token: string, address: string | undefined): Promise<boolean> {
    const body = new URLSearchParams({ secret: secretKey, response: token });
    if (address) body.set('remoteip', address);
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        body,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        options.log?.warn({ status: response.status }, 'reCAPTCHA siteverify answered an error status');
        return false;
      }
      const answer = SiteverifyAnswerSchema.safeParse(await response.json());
      if (!answer.success) {
        options.log?.warn('reCAPTCHA siteverify answered something else than its JSON');
        return false;
      }
      const codes = answer.data['error-codes'] ?? [];
      // A refused token is the patron's business; a refused secret is the staff's (a wrong key).
      if (codes.some((code) => code.endsWith('-secret')))
        options.log?.warn({ codes }, 'reCAPTCHA siteverify refused the secret key (recaptcha_secret_key)');
      return answer.data.success;
    } catch (error) {
      options.log?.warn({ err: error }, 'reCAPTCHA siteverify could not be reached');
      return false;
    }
  }

  /** Checks a reCAPTCHA token with siteverify and uses it up; throws the 422 refusal otherwise. */
  async function verifyRecaptcha(
    token: string,
    secretKey: string,
    address: string | undefined,
  ): Promise<CaptchaRecord> {
    // Google's tokens are a few hundred to two thousand characters; nothing larger is passed on.
    if (token.length > RECAPTCHA_TOKEN_MAX_LENGTH) throw CAPTCHA_ERRORS.invalid();
    const key = digest(`recaptcha:${token}`);
    const expiresAt = new Date(clock.now().getTime() + settings.ttlSeconds * 1000);
    // A token released after a right password (two-step code to come) is good once more; siteverify
    // would now call it a duplicate (its tokens are single-use), so it is not asked again.
    const { rows: released } = await db.query(
      `DELETE FROM captcha_spent WHERE challenge_hash = $1 AND expires_at > $2::timestamptz
       RETURNING challenge_hash`,
      [releasedKey(key), clock.now().toISOString()],
    );
    if (released.length > 0) return { provider: 'recaptcha', key };
    const { rows: used } = await db.query('SELECT 1 FROM captcha_spent WHERE challenge_hash = $1', [key]);
    if (used.length > 0) throw CAPTCHA_ERRORS.invalid();
    if (!(await siteverify(secretKey, token, address))) throw CAPTCHA_ERRORS.invalid();
    // Single use here too, whatever the verifying service enforces.
    if (!(await spend(key, expiresAt))) throw CAPTCHA_ERRORS.invalid();
    return { provider: 'recaptcha', key };
  }

  /**
   * Checks the captcha the institution uses (reCAPTCHA when both its keys are set, else ALTCHA) and
   * uses it up; answers its record, or throws the 422 refusal.
   */
  async function verify(
    token: string | undefined,
    context: { address?: string } = {},
  ): Promise<CaptchaRecord> {
    if (!token?.trim()) throw CAPTCHA_ERRORS.required();
    const keys = await recaptchaKeys();
    return keys ? verifyRecaptcha(token.trim(), keys.secretKey, context.address) : verifyAltcha(token.trim());
  }

  return {
    isRequired,

    /** Whether the sign-in shows ALTCHA or reCAPTCHA (GET /captcha/configuracao); never the secret key. */
    async configuration(): Promise<CaptchaConfiguration> {
      const keys = await recaptchaKeys();
      return keys
        ? { provedor: 'recaptcha', recaptcha_site_key: keys.siteKey }
        : { provedor: 'altcha', recaptcha_site_key: null };
    },

    /** A new signed challenge (GET /captcha/desafio). */
    async challenge(): Promise<CaptchaChallenge> {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: settings.cost,
        counter: randomInt(settings.counterMin, settings.counterMax),
        deriveKey,
        expiresAt: new Date(clock.now().getTime() + settings.ttlSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { parameters: challenge.parameters, signature: challenge.signature ?? '' };
    },

    verify,

    /**
     * Verifies the token when the institution asks for the captcha; answers its record, or null when
     * none is asked. `address` (the caller's) goes to siteverify as remoteip.
     */
    async verifyIfRequired(
      token: string | undefined,
      context: { address?: string } = {},
    ): Promise<CaptchaRecord | null> {
      return (await isRequired()) ? verify(token, context) : null;
    },

    /**
     * Makes a used captcha usable again: the password grant answered TOTP_REQUIRED (right password,
     * code still to come), and the same captcha goes with the code.
     */
    async release(record: CaptchaRecord): Promise<void> {
      if (record.provider === 'altcha') {
        await db.query('DELETE FROM captcha_spent WHERE challenge_hash = $1', [record.key]);
        return;
      }
      // reCAPTCHA: the token stays spent, and one more use is granted without asking siteverify.
      await spend(releasedKey(record.key), new Date(clock.now().getTime() + settings.ttlSeconds * 1000));
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
