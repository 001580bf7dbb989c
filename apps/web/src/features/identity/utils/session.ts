import type { UserSession } from '@estante/contract';
import { STORAGE_KEYS } from '../../../config/env';
import {
  onSessionExpired,
  onUserCredentialsRenewed,
  setUserCredentials,
  type UserCredentials,
} from '../../../lib/api-client';
import { seal, unseal } from './credential-vault';

/** The signed-in patron (SPEC §3 user session): user data, permissions, tokens, and which store keeps them. */
export interface Session extends UserSession {
  /** The stored credentials (SPEC §3: token and refresh). */
  credentials: UserCredentials;
  /** Keep me logged in: true keeps the session in localStorage, false in sessionStorage (SPEC §4). */
  persistent: boolean;
  /** How the patron signed in: /sair also ends an institutional sign-on at its logout link. */
  signedInWith?: SignInMethod;
}

/** Password (and linked-login switch), or institutional single sign-on. */
export type SignInMethod = 'password' | 'oidc' | 'saml';
const SIGN_IN_METHODS: readonly SignInMethod[] = ['password', 'oidc', 'saml'];

function isCredentials(value: unknown): value is UserCredentials {
  const credentials = value as Partial<UserCredentials> | null;
  return (
    typeof credentials?.token === 'string' &&
    typeof credentials.refresh === 'string' &&
    typeof credentials.expiresAt === 'number'
  );
}

/**
 * A stored session read back, checked with the contract's schema; null when it is not one. The
 * schema loads only when a session is stored, so a visitor's first load does without it (decision 0069).
 */
async function parseStored(value: unknown): Promise<Omit<Session, 'persistent'> | null> {
  const { UserSessionSchema } = await import('@estante/contract/schemas/auth');
  const session = UserSessionSchema.safeParse(value);
  const credentials = (value as { credentials?: unknown } | null)?.credentials;
  if (!session.success || !isCredentials(credentials)) return null;
  const { token, refresh, expiresAt } = credentials;
  const method = (value as { signedInWith?: unknown }).signedInWith;
  return {
    ...session.data,
    credentials: { token, refresh, expiresAt },
    ...(SIGN_IN_METHODS.includes(method as SignInMethod) ? { signedInWith: method as SignInMethod } : {}),
  };
}

type StoreName = 'session' | 'persistent';

function store(name: StoreName): Storage | null {
  try {
    return name === 'session' ? sessionStorage : localStorage;
  } catch {
    // Blocked storage: the session then lives in memory only.
    return null;
  }
}

let current: Session | null = null;
const listeners = new Set<() => void>();
// Storage writes are encrypted, so asynchronous; they run one after another so a sign-out that follows
// a sign-in (or a refresh) is never overwritten by the slower write before it.
let writes: Promise<void> = Promise.resolve();

function publish(session: Session | null): void {
  current = session;
  setUserCredentials(session?.credentials ?? null);
  for (const listener of listeners) listener();
}

function enqueue(write: () => Promise<void>): Promise<void> {
  writes = writes.then(write).catch(() => undefined);
  return writes;
}

function removeStored(name: StoreName): void {
  try {
    store(name)?.removeItem(STORAGE_KEYS.session);
  } catch {
    // Nothing to remove from blocked storage.
  }
}

async function writeStored(session: Session): Promise<void> {
  const { persistent: _persistent, ...stored } = session;
  const sealed = await seal(JSON.stringify(stored));
  // A sign-out may have come while sealing: only the session still current is written.
  if (current !== session) return;
  const target: StoreName = session.persistent ? 'persistent' : 'session';
  store(target)?.setItem(STORAGE_KEYS.session, sealed);
  removeStored(session.persistent ? 'session' : 'persistent');
}

/** The signed-in patron, or null for a visitor. */
export function getSession(): Session | null {
  return current;
}

/** Calls `listener` whenever the patron signs in or out or the tokens change; returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const patronOf = (session: Session | null): string | null =>
  session ? `${session.user.cod_pessoa}:${session.user.login}` : null;

/**
 * Calls `listener` when the signed-in patron changes: sign-out, a session ending (here or in another
 * tab), a sign-in, a switch to another login; not when the tokens are renewed. Returns the unsubscribe.
 */
export function subscribePatron(listener: (session: Session | null) => void): () => void {
  let last = patronOf(current);
  return subscribeSession(() => {
    const patron = patronOf(current);
    if (patron === last) return;
    last = patron;
    listener(current);
  });
}

/** SPEC §4 login state: logged in when the session store or the persistent store holds a user. */
export function hasUserSession(): boolean {
  return current !== null;
}

/** Starts a session after sign-in and stores it where remember-me says (SPEC §4). */
export function saveSession(session: Session): Promise<void> {
  publish(session);
  return enqueue(() => writeStored(session));
}

/** SPEC §2 /sair: forgets the session and the persisted login state. */
export function clearSession(): Promise<void> {
  publish(null);
  removeStored('session');
  removeStored('persistent');
  return enqueue(async () => {
    removeStored('session');
    removeStored('persistent');
  });
}

/** Resolves once every storage write started so far has finished. */
export function sessionWritten(): Promise<void> {
  return writes;
}

async function readStored(name: StoreName): Promise<Session | null> {
  const sealed = store(name)?.getItem(STORAGE_KEYS.session);
  if (!sealed) return null;
  const plain = await unseal(sealed);
  const parsed = plain === null ? null : await parseStored(safeJson(plain));
  if (!parsed) {
    // Sealed with a key this browser no longer has, or damaged: it cannot be used, so drop it.
    removeStored(name);
    return null;
  }
  return { ...parsed, persistent: name === 'persistent' };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Reads the stored session at start-up: the per-session store first, then the persistent one. */
export async function restoreSession(): Promise<Session | null> {
  const session = (await readStored('session')) ?? (await readStored('persistent'));
  publish(session);
  return session;
}

function renewCredentials(credentials: UserCredentials): void {
  if (!current) return;
  // SPEC §4: the new token is stored where the credentials were.
  const renewed: Session = { ...current, credentials };
  current = renewed;
  for (const listener of listeners) listener();
  void enqueue(() => writeStored(renewed));
}

/**
 * Connects the session to the API client: renewed tokens are stored where the old ones were, and an
 * expired session is cleared before `onExpired` (the warning) runs. Also follows sign-in and sign-out
 * in other tabs. Returns the disconnect.
 */
export function connectSession(onExpired: () => void): () => void {
  const stopRenewed = onUserCredentialsRenewed(renewCredentials);
  const stopExpired = onSessionExpired(() => {
    void clearSession();
    onExpired();
  });
  // A sign-in or sign-out in another tab changes the persistent store: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.session && event.storageArea === store('persistent'))
      void restoreSession();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    stopRenewed();
    stopExpired();
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
