import { createHash, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  ACTIVITY,
  CAPTCHA_ERROR_CODE,
  CAPTCHA_RULE_KEYS,
  CaptchaPayloadSchema,
  type CaptchaChallenge,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';

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
}) {
  const { db, clock } = options;
  const settings = { ...DEFAULTS, ...options.captcha };
  const hmacSignatureSecret = digest(`altcha-challenge:${options.secret}`);
  const hmacKeySignatureSecret = digest(`altcha-key:${options.secret}`);

  /** Whether the institution asks for the captcha on sign-in (activity 1120 on). */
  async function isRequired(): Promise<boolean> {
    const { rows } = await db.query<{ enabled: boolean }>('SELECT enabled FROM activity WHERE code = $1', [
      ACTIVITY.LOGIN_CAPTCHA,
    ]);
    return rows[0]?.enabled === true;
  }

  /** Checks a solved challenge and uses it up (answers its record); throws the 422 refusal otherwise. */
  async function verify(token: string | undefined): Promise<string> {
    if (!token?.trim()) throw CAPTCHA_ERRORS.required();
    const payload = decodePayload(token.trim());
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
    const { rows } = await db.query(
      `INSERT INTO captcha_spent (challenge_hash, expires_at) VALUES ($1, $2::timestamptz)
       ON CONFLICT (challenge_hash) DO NOTHING RETURNING challenge_hash`,
      [digest(payload.challenge.signature), new Date(expiresAt * 1000).toISOString()],
    );
    if (rows.length === 0) throw CAPTCHA_ERRORS.invalid();
    await db.query('DELETE FROM captcha_spent WHERE expires_at < $1::timestamptz', [now.toISOString()]);
    return digest(payload.challenge.signature);
  }

  return {
    isRequired,

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

    /** Verifies the token when the institution asks for the captcha; answers its record, or null when none is asked. */
    async verifyIfRequired(token: string | undefined): Promise<string | null> {
      return (await isRequired()) ? verify(token) : null;
    },

    /**
     * Makes a used captcha usable again: the password grant answered TOTP_REQUIRED (right password,
     * code still to come), and the same captcha goes with the code.
     */
    async release(record: string): Promise<void> {
      await db.query('DELETE FROM captcha_spent WHERE challenge_hash = $1', [record]);
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
