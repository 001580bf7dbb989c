import {
  API_PATHS,
  API_PREFIX,
  ApiErrorSchema,
  LANGUAGE_HEADER,
  PORTAL_CLIENT_ID,
  TokenResponseSchema,
  languageCode,
} from '@estante/contract';
import { env, STORAGE_KEYS } from '../config/env';
import { currentLanguage } from './i18n';

/** A contract schema: anything that parses unknown JSON into a typed value (zod schemas do). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** How a call failed: an HTTP answer, no answer at all, cancelled by the caller, or an answer off-contract. */
export type ApiErrorKind = 'http' | 'network' | 'cancelled' | 'invalid-response';

/** A failed API call (STYLE "How errors flow": the client turns every failure into this). */
export class ApiError extends Error {
  // Set explicitly so the name survives minification and shows in logs.
  override name = 'ApiError';
  constructor(
    /** What kind of failure this is. */
    readonly kind: ApiErrorKind,
    /** HTTP status, null when no response arrived. */
    readonly status: number | null,
    /** The API's stable error code (`NOT_FOUND`…), null when there is none. */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** True for an ApiError with the given HTTP status. */
export function isApiErrorStatus(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.status === status;
}

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; null and undefined values are left out. */
export type QueryParams = Record<string, QueryValue>;

/** Options of one call. */
export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

interface StoredToken {
  token: string;
  /** Epoch ms after which the token is not used any more. */
  expiresAt: number;
}

// Renew a little before the server's expiry so a call never leaves with a token about to lapse.
const EXPIRY_MARGIN_MS = 30_000;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the token then lives in memory only.
    return null;
  }
}

function readStoredToken(): StoredToken | null {
  const raw = sessionStore()?.getItem(STORAGE_KEYS.publicToken);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken>;
    return typeof value.token === 'string' && typeof value.expiresAt === 'number'
      ? { token: value.token, expiresAt: value.expiresAt }
      : null;
  } catch {
    return null;
  }
}

let publicToken: StoredToken | null = null;
let pendingToken: Promise<string> | null = null;

function url(path: string, query?: QueryParams): string {
  const base = env.apiOrigin || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const target = new URL(`${API_PREFIX}${path}`, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') target.searchParams.set(key, String(value));
  }
  return target.toString();
}

function headers(token?: string): Record<string, string> {
  const result: Record<string, string> = {
    Accept: 'application/json',
    [LANGUAGE_HEADER]: String(languageCode(currentLanguage())),
  };
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (init.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
      throw new ApiError('cancelled', null, null, 'cancelled');
    }
    throw new ApiError('network', null, null, error instanceof Error ? error.message : 'network error');
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): keep the status text.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  return parsed.success
    ? new ApiError('http', response.status, parsed.data.code, parsed.data.message)
    : new ApiError('http', response.status, null, response.statusText || `HTTP ${response.status}`);
}

async function readJson<T>(response: Response, schema: ResponseSchema<T>): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('invalid-response', response.status, null, 'response is not JSON');
  }
  try {
    return schema.parse(body);
  } catch (error) {
    throw new ApiError(
      'invalid-response',
      response.status,
      null,
      error instanceof Error ? error.message : 'invalid',
    );
  }
}

async function fetchPublicToken(): Promise<string> {
  const response = await send(url(API_PATHS.token), {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: PORTAL_CLIENT_ID }),
  });
  if (!response.ok) throw await toApiError(response);
  const answer = await readJson(response, TokenResponseSchema);
  publicToken = {
    token: answer.access_token,
    expiresAt: Date.now() + answer.expires_in * 1000 - EXPIRY_MARGIN_MS,
  };
  sessionStore()?.setItem(STORAGE_KEYS.publicToken, JSON.stringify(publicToken));
  return publicToken.token;
}

/** Fetches a new public token; calls that arrive meanwhile wait for the same one (SPEC §4 queued requests). */
function renewPublicToken(): Promise<string> {
  pendingToken ??= fetchPublicToken().finally(() => {
    pendingToken = null;
  });
  return pendingToken;
}

/** The public client-credentials token, fetched when there is none or it has expired. */
export function ensurePublicToken(): Promise<string> {
  publicToken ??= readStoredToken();
  if (publicToken && publicToken.expiresAt > Date.now()) return Promise.resolve(publicToken.token);
  return renewPublicToken();
}

/** Forgets the public token (memory and storage); tests and sign-out use it. */
export function clearPublicToken(): void {
  publicToken = null;
  pendingToken = null;
  sessionStore()?.removeItem(STORAGE_KEYS.publicToken);
}

/**
 * GET an API path and parse the answer with its contract schema. Sends the language code and the public
 * token; on a 401 it fetches a new public token once and retries (SPEC §4 token refresh).
 */
export async function apiGet<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const target = url(path, options.query);
  let token = await ensurePublicToken();
  let response = await send(target, {
    method: 'GET',
    headers: headers(token),
    signal: options.signal ?? null,
  });
  if (response.status === 401) {
    // Another call may already have renewed the token; only renew when the failed one is still current.
    const current = publicToken?.token;
    token = current && current !== token ? current : await renewPublicToken();
    response = await send(target, { method: 'GET', headers: headers(token), signal: options.signal ?? null });
  }
  if (!response.ok) throw await toApiError(response);
  return readJson(response, schema);
}
