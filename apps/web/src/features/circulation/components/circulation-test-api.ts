import { vi } from 'vitest';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse } from '../../../testing/render';

/** A call the screen made: method, path, query and JSON body. */
export interface SentCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Answer = (call: SentCall) => Response | Promise<Response>;

/**
 * Stands in for the API (the repo's component-test approach: fetch is stubbed, everything else is
 * real): `answers` maps "METHOD /api/path" to an answer; every call is recorded in the list returned.
 */
export function stubCirculationApi(answers: Record<string, Answer>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        const call: SentCall = {
          method: init?.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        };
        sent.push(call);
        const answer = answers[`${call.method} ${call.path}`];
        return answer ? answer(call) : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return sent;
}

/** A signed-in patron: circulation calls carry the patron's token. */
export function signInPatron(): void {
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
}

/** A 422 refusal as the API sends it: the code and the translation key. */
export function refusal(code: string, key: string): Response {
  return jsonResponse({ code, message: key }, 422);
}
