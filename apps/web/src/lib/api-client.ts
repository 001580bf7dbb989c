import {
  API_PATHS,
  API_PREFIX,
  LANGUAGE_HEADER,
  PORTAL_CLIENT_ID,
  languageCode,
  type TokenRequest,
  type TokenResponse,
} from '@estante/contract';
import { env, STORAGE_KEYS } from '../config/env';
import { currentLanguage } from './i18n';
import { takePageToken } from './page-configuration';
import { optional, record, text } from './answer-checks';

/** A contract schema: anything that parses unknown JSON into a typed value (zod schemas do). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A call's schema, or a loader of it (`() => import('@estante/contract/schemas/search').then((m) =>
 * m.SearchResponseSchema)`): the first screen's calls load their schemas with the call, so zod and
 * the schemas stay out of the page's first JavaScript (decision 0069).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** The token grant's schema, loaded with the first token call. */
const tokenResponseSchema = () => import('@estante/contract/schemas/auth').then((m) => m.TokenResponseSchema);

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

type QueryValue = string | number | boolean | readonly string[] | null | undefined;
/** Query parameters; null and undefined values are left out, a list repeats its parameter. */
export type QueryParams = Record<string, QueryValue>;

/**
 * Which token a call carries (SPEC §6): the patron's (private), the visitor's (public), or the patron's
 * when someone is signed in and the public one otherwise (private-or-public, the default).
 */
export type AuthMode = 'private' | 'public' | 'privateOrPublic';

/** Options of one call. */
export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Which token to send; private-or-public when left out. */
  auth?: AuthMode;
}

/** Options of a call that may carry a body. */
export interface SendOptions extends RequestOptions {
  /** Sent as JSON; a FormData is sent as multipart/form-data (the browser sets its boundary). */
  body?: unknown;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface StoredToken {
  token: string;
  /** Epoch ms after which the token is not used any more. */
  expiresAt: number;
}

/** The signed-in patron's tokens (SPEC §3 user session: token and refresh of the stored credentials). */
export interface UserCredentials {
  /** The access token (a short-lived JWT). */
  token: string;
  /** The opaque refresh token; rotated by every refresh grant. */
  refresh: string;
  /** Epoch ms after which the access token is renewed before use. */
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

let userCredentials: UserCredentials | null = null;
/** The refresh grant under way; calls that need the patron's token wait for it (SPEC §4 queue). */
let pendingRefresh: Promise<string | null> | null = null;
const renewedListeners = new Set<(credentials: UserCredentials) => void>();
const expiredListeners = new Set<() => void>();

function url(path: string, query?: QueryParams): string {
  const base = env.apiOrigin || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const target = new URL(`${API_PREFIX}${path}`, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value))
      for (const item of value as readonly string[]) target.searchParams.append(key, item);
    else if (value !== null && value !== undefined && value !== '')
      target.searchParams.set(key, String(value));
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
  const error = apiErrorBody(body);
  return error
    ? new ApiError('http', response.status, error.code, error.message)
    : new ApiError('http', response.status, null, response.statusText || `HTTP ${response.status}`);
}

/**
 * The API's error body (the contract's ApiErrorSchema: message, code and an optional requestId),
 * checked by hand: every failed call reads it, and the schema would bring zod into the first load.
 */
const apiErrorCheck = record({ code: text, message: text, requestId: optional(text) });

function apiErrorBody(body: unknown): { code: string; message: string } | null {
  try {
    const { code, message } = apiErrorCheck(body);
    return { code, message };
  } catch {
    return null;
  }
}

/** The schema itself, loaded when given as a loader; a chunk that cannot be fetched fails as the network. */
function loadSchema<T>(source: SchemaSource<T>): Promise<ResponseSchema<T>> {
  if (typeof source !== 'function') return Promise.resolve(source);
  return source().catch((error: unknown) => {
    throw new ApiError('network', null, null, error instanceof Error ? error.message : 'schema not loaded');
  });
}

async function readJson<T>(response: Response, schema: ResponseSchema<T>): Promise<T> {
  let body: unknown;
  // 204 No Content (a deletion) has no body: the schema checks that none was expected (z.null()).
  if (response.status === 204) return parseBody(null, response.status, schema);
  try {
    body = await response.json();
  } catch {
    throw new ApiError('invalid-response', response.status, null, 'response is not JSON');
  }
  return parseBody(body, response.status, schema);
}

function parseBody<T>(body: unknown, status: number, schema: ResponseSchema<T>): T {
  try {
    return schema.parse(body);
  } catch (error) {
    throw new ApiError('invalid-response', status, null, error instanceof Error ? error.message : 'invalid');
  }
}

/** POST /oauth/token without any token (SPEC §7 Auth); failures become ApiErrors with the server's status. */
export async function requestToken(body: TokenRequest): Promise<TokenResponse> {
  // The schema's chunk is fetched alongside the call.
  const schema = loadSchema(tokenResponseSchema);
  void schema.catch(() => undefined);
  const response = await send(url(API_PATHS.token), {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return readJson(response, await schema);
}

/** When an access token that lives `expiresIn` seconds stops being used. */
export function tokenExpiry(expiresIn: number, now: number = Date.now()): number {
  return now + Math.max(0, expiresIn * 1000 - EXPIRY_MARGIN_MS);
}

async function fetchPublicToken(): Promise<string> {
  const answer = await requestToken({ grant_type: 'client_credentials', client_id: PORTAL_CLIENT_ID });
  publicToken = { token: answer.access_token, expiresAt: tokenExpiry(answer.expires_in) };
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
  // A renewal under way (after a 401) is waited for rather than sending the refused token again.
  if (pendingToken) return pendingToken;
  const token = usablePublicToken();
  return token ? Promise.resolve(token) : renewPublicToken();
}

/** The public token the server wrote into the page (decision 0076), taken once, as if fetched. */
function tokenFromPage(): StoredToken | null {
  const page = takePageToken();
  if (!page) return null;
  const token = { token: page.access_token, expiresAt: tokenExpiry(page.expires_in) };
  sessionStore()?.setItem(STORAGE_KEYS.publicToken, JSON.stringify(token));
  return token;
}

/** The public token at hand (memory, session storage, the page) while it has not expired; else null. */
function usablePublicToken(): string | null {
  if (!publicToken || publicToken.expiresAt <= Date.now()) publicToken = readStoredToken() ?? tokenFromPage();
  return publicToken && publicToken.expiresAt > Date.now() ? publicToken.token : null;
}

/** Whether a public token is at hand without asking the server for one. */
export function hasPublicToken(): boolean {
  return pendingToken === null && usablePublicToken() !== null;
}

/** Forgets the public token (memory and storage); tests and sign-out use it. */
export function clearPublicToken(): void {
  publicToken = null;
  pendingToken = null;
  sessionStore()?.removeItem(STORAGE_KEYS.publicToken);
}

/** Sets (or, with null, forgets) the signed-in patron's tokens; the identity feature calls it. */
export function setUserCredentials(credentials: UserCredentials | null): void {
  userCredentials = credentials;
  pendingRefresh = null;
}

/** The signed-in patron's tokens, null for a visitor. */
export function getUserCredentials(): UserCredentials | null {
  return userCredentials;
}

/** Called with the new tokens after every refresh grant, so they can be stored where the old ones were. */
export function onUserCredentialsRenewed(listener: (credentials: UserCredentials) => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

/** Called when the refresh grant fails: the session has expired and the patron is signed out (SPEC §4). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

async function refreshUserToken(stale: UserCredentials): Promise<string | null> {
  let answer: TokenResponse;
  try {
    answer = await requestToken({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: stale.refresh,
    });
  } catch (error) {
    // No answer at all says nothing about the session: keep it, and let this call fail as a network error.
    if (error instanceof ApiError && error.kind === 'network') throw error;
    // Signed out (or in as someone else) meanwhile: nothing of this session is left to expire.
    if (userCredentials !== stale) return userCredentials?.token ?? null;
    // SPEC §4: on refresh failure the session has expired; the patron is signed out and warned.
    userCredentials = null;
    for (const listener of expiredListeners) listener();
    return null;
  }
  // A sign-out during the grant wins: the new tokens are not kept (the server revoked their family).
  if (userCredentials !== stale) return userCredentials?.token ?? null;
  const renewed: UserCredentials = {
    token: answer.access_token,
    // The server rotates the refresh token on every use; keep the old one only if it sent none.
    refresh: answer.refresh_token ?? stale.refresh,
    expiresAt: tokenExpiry(answer.expires_in),
  };
  userCredentials = renewed;
  for (const listener of renewedListeners) listener(renewed);
  return renewed.token;
}

/**
 * A usable patron token after `failed` was refused or expired: the current one when another call has
 * already renewed it, else the result of one refresh grant shared by every waiting call. Null when the
 * session has expired.
 */
function renewUserToken(failed: string): Promise<string | null> {
  if (pendingRefresh) return pendingRefresh;
  const current = userCredentials;
  if (!current) return Promise.resolve(null);
  if (current.token !== failed) return Promise.resolve(current.token);
  const refreshing = refreshUserToken(current).finally(() => {
    if (pendingRefresh === refreshing) pendingRefresh = null;
  });
  pendingRefresh = refreshing;
  return refreshing;
}

interface ChosenToken {
  token: string;
  kind: 'user' | 'public';
}

// A private call made with nobody signed in (or after the session expired) is not sent: the
// session-expired warning has already told the patron, so the call ends as cancelled (no second toast).
const notSignedIn = () => new ApiError('cancelled', 401, null, 'not signed in');

async function chooseToken(auth: AuthMode): Promise<ChosenToken> {
  if (auth !== 'public') {
    // SPEC §4: while a refresh is under way, calls wait for its token.
    if (pendingRefresh) await pendingRefresh.catch(() => null);
    const current = userCredentials;
    if (current) {
      if (current.expiresAt > Date.now()) return { token: current.token, kind: 'user' };
      const renewed = await renewUserToken(current.token);
      if (renewed) return { token: renewed, kind: 'user' };
    }
    if (auth === 'private') throw notSignedIn();
  }
  return { token: await ensurePublicToken(), kind: 'public' };
}

/** A usable token after `failed` was refused with a 401. */
async function renewAfter401(failed: ChosenToken, auth: AuthMode): Promise<string> {
  if (failed.kind === 'user') {
    const renewed = await renewUserToken(failed.token);
    if (renewed) return renewed;
    if (auth === 'private') throw notSignedIn();
    // Signed out: a private-or-public call goes on as a visitor.
    return ensurePublicToken();
  }
  // Another call may already have renewed the public token; only renew when the failed one is still current.
  if (pendingToken) return pendingToken;
  const current = publicToken?.token;
  return current && current !== failed.token ? current : renewPublicToken();
}

/**
 * Calls an API path and parses the answer with its contract schema. Sends the language code and a
 * token; on a 401 it renews that token once (a new public token, or the patron's refresh grant) and
 * retries (SPEC §4 token refresh). A schema given as a loader is fetched alongside the call.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  schema: SchemaSource<T>,
  options: SendOptions = {},
): Promise<T> {
  const loaded = loadSchema(schema);
  // Awaited only once the answer is in: a call that fails first must not leave it unhandled.
  void loaded.catch(() => undefined);
  const response = await sendWithToken(method, path, options);
  return readJson(response, await loaded);
}

/** A file an API call answered with (the basket export), and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** POST an API path that answers a file instead of JSON (same tokens, retries and errors as apiRequest). */
export async function apiPostForFile(path: string, options: SendOptions = {}): Promise<DownloadedFile> {
  return downloaded(await sendWithToken('POST', path, options));
}

/** GET an API path that answers a file (a patron's PDF, a CSV), with the same tokens, retries and errors. */
export async function apiGetForFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  return downloaded(await sendWithToken('GET', path, options));
}

async function downloaded(response: Response): Promise<DownloadedFile> {
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null };
}

/** Sends a call with a token, renewing it once on a 401; a failed answer becomes an ApiError. */
async function sendWithToken(method: HttpMethod, path: string, options: SendOptions): Promise<Response> {
  const target = url(path, options.query);
  const auth = options.auth ?? 'privateOrPublic';
  const hasBody = options.body !== undefined;
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  const init = (token: string): RequestInit => ({
    method,
    headers: hasBody && !form ? { ...headers(token), 'Content-Type': 'application/json' } : headers(token),
    body: form ?? (hasBody ? JSON.stringify(options.body) : null),
    signal: options.signal ?? null,
  });
  const chosen = await chooseToken(auth);
  let response = await send(target, init(chosen.token));
  // SPEC §4: once per call, and never for the token endpoint itself (its 401 means wrong credentials).
  if (response.status === 401 && path !== API_PATHS.token) {
    const token = await renewAfter401(chosen, auth);
    response = await send(target, init(token));
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** GET an API path and parse the answer with its contract schema (see apiRequest). */
export function apiGet<T>(path: string, schema: SchemaSource<T>, options: RequestOptions = {}): Promise<T> {
  return apiRequest('GET', path, schema, options);
}

/** POST a JSON body to an API path and parse the answer with its contract schema (see apiRequest). */
export function apiPost<T>(path: string, schema: SchemaSource<T>, options: SendOptions = {}): Promise<T> {
  return apiRequest('POST', path, schema, options);
}

/** PUT a JSON body to an API path and parse the answer with its contract schema (see apiRequest). */
export function apiPut<T>(path: string, schema: SchemaSource<T>, options: SendOptions = {}): Promise<T> {
  return apiRequest('PUT', path, schema, options);
}

/** DELETE an API path (a body is allowed) and parse the answer with its contract schema (see apiRequest). */
export function apiDelete<T>(path: string, schema: SchemaSource<T>, options: SendOptions = {}): Promise<T> {
  return apiRequest('DELETE', path, schema, options);
}
