import type { Clock } from './clock.ts';

/** How many times a key may act in a sliding window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * An in-memory sliding-window limiter: `take(key)` answers whether the key may act now, and counts
 * the act when it may. Kept in the process (one catalogue process serves a library; a restart
 * forgets the counts, which only lets a few more through).
 */
export function createRateLimiter(limit: RateLimit, clock: Clock) {
  const acts = new Map<string, number[]>();
  return {
    take(key: string): boolean {
      const now = clock.now().getTime();
      const since = now - limit.windowSeconds * 1000;
      const recent = (acts.get(key) ?? []).filter((at) => at > since);
      if (recent.length >= limit.max) {
        acts.set(key, recent);
        return false;
      }
      recent.push(now);
      acts.set(key, recent);
      // Forget keys whose acts are all old, so the map does not grow without end.
      if (acts.size > 10_000) {
        for (const [other, times] of acts) if (times.every((at) => at <= since)) acts.delete(other);
      }
      return true;
    },
  };
}
