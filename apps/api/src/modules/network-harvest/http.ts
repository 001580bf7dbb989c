import { setTimeout as wait } from 'node:timers/promises';

/** How a harvester asks a repository again after a failed request (decision 0067). */
export interface RetryPolicy {
  /** Tries after the first; then the harvest stops with the last failure. */
  retries: number;
  /** Wait before the first retry; each retry waits twice the one before. */
  baseDelayMs: number;
  /** No wait is longer, not even one a Retry-After asks for. */
  maxDelayMs: number;
  /** A request not answered in this time is a failure (and retried). */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 4,
  baseDelayMs: 2_000,
  maxDelayMs: 120_000,
  timeoutMs: 60_000,
};

/** Answers worth asking again: the repository is busy, overloaded or briefly broken. */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/** A request that failed for good (after its retries, or with an answer not worth retrying). */
export class HarvestRequestFailed extends Error {
  override name = 'HarvestRequestFailed';
}

/**
 * How long to wait before retry number `attempt` (0 for the first): what a Retry-After header
 * asks (seconds or an HTTP date, as OAI-PMH §3.1.2.1 suggests for 503), else exponential back-off;
 * never more than the policy's maximum.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | null,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  now: Date,
): number {
  const cap = (ms: number) => Math.min(Math.max(0, ms), policy.maxDelayMs);
  const header = retryAfter?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return cap(Number(header) * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return cap(date - now.getTime());
  }
  return cap(policy.baseDelayMs * 2 ** attempt);
}

/** GETs the URL's text, retrying on timeouts, network errors and the statuses above. */
export async function getWithRetry(
  url: string,
  policy: RetryPolicy,
  options: {
    onRetry?: ((reason: string, delayMs: number) => void) | undefined;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<string> {
  const { onRetry, signal } = options;
  for (let attempt = 0; ; attempt++) {
    let reason: string;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/xml, application/xml', 'user-agent': 'Estante OAI-PMH harvester' },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(policy.timeoutMs)])
          : AbortSignal.timeout(policy.timeoutMs),
        redirect: 'follow',
      });
      if (response.ok) return await response.text();
      // Read the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      if (!RETRYABLE_STATUS.has(response.status)) throw new HarvestRequestFailed(`${url}: ${reason}`);
      retryAfter = response.headers.get('retry-after');
    } catch (error) {
      if (error instanceof HarvestRequestFailed) throw error;
      if (signal?.aborted) throw new HarvestRequestFailed(`${url}: the harvest was stopped`);
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer in ${policy.timeoutMs / 1000} s`
          : `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
    }
    if (attempt >= policy.retries)
      throw new HarvestRequestFailed(`${url}: ${reason}, after ${policy.retries + 1} tries`);
    const delay = retryDelayMs(attempt, retryAfter, policy, new Date());
    onRetry?.(reason, delay);
    await wait(delay, undefined, signal ? { signal } : {}).catch(() => {
      throw new HarvestRequestFailed(`${url}: the harvest was stopped`);
    });
  }
}
