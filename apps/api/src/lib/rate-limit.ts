import type { Clock } from './clock.ts';
import type { Queryable } from './db/index.ts';

/** How many times a key may act in a window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * A limiter counted in the database, so every API process of a deployment shares the count
 * (decision 0073): `take(key)` answers whether the key may act now, and counts the act when it may.
 * A key's window opens with its first act and lasts `windowSeconds`; at most `max` acts fit in it.
 *
 * The counts live in `login_throttle`, the sign-in throttle's table (its keys start `account:` or
 * `address:`; these start with the limiter's name): `attempts` holds the acts of the window and
 * `locked_until` its end, so the sign-in housekeeping drops a row only once its window is over.
 */
export function createRateLimiter(db: Queryable, name: string, limit: RateLimit, clock: Clock) {
  return {
    async take(key: string): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO login_throttle AS t (key, attempts, failures, last_attempt_at, locked_until)
         VALUES ($1, 1, 0, $2::timestamptz, $2::timestamptz + make_interval(secs => $4))
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN coalesce(t.locked_until <= $2::timestamptz, true) THEN 1 ELSE t.attempts + 1 END,
           locked_until = CASE WHEN coalesce(t.locked_until <= $2::timestamptz, true)
             THEN $2::timestamptz + make_interval(secs => $4) ELSE t.locked_until END,
           last_attempt_at = greatest(t.last_attempt_at, $2::timestamptz)
         WHERE coalesce(t.locked_until <= $2::timestamptz, true) OR t.attempts < $3
         RETURNING t.attempts`,
        [`${name}:${key}`, clock.now().toISOString(), limit.max, limit.windowSeconds],
      );
      return rows.length > 0;
    },
  };
}
