/**
 * SPEC §9: persisted credentials are kept encrypted in browser storage. Values are sealed with AES-GCM
 * (Web Crypto) under a key that is generated in the browser, cannot be exported, and is kept in
 * IndexedDB. This keeps tokens unreadable to anything that only reads storage (a copied profile, a
 * storage dump); script running in the page can still use the key, so it is defence in depth, not a
 * guard against XSS (decision 0012).
 */

/** Where the vault key lives between page loads. */
export interface KeyStore {
  load(): Promise<CryptoKey | null>;
  save(key: CryptoKey): Promise<void>;
}

const DB_NAME = 'estante-vault';
const STORE_NAME = 'keys';
const KEY_ID = 'session';
const SEALED_VERSION = 1;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE_NAME);
  return request(open);
}

/** The key store of the browser (IndexedDB keeps CryptoKey objects as they are). */
export function indexedDbKeyStore(factory: IDBFactory): KeyStore {
  return {
    async load() {
      const db = await openDb(factory);
      try {
        const value: unknown = await request(db.transaction(STORE_NAME).objectStore(STORE_NAME).get(KEY_ID));
        return value instanceof CryptoKey ? value : null;
      } finally {
        db.close();
      }
    },
    async save(key) {
      const db = await openDb(factory);
      try {
        await request(db.transaction(STORE_NAME, 'readwrite').objectStore(STORE_NAME).put(key, KEY_ID));
      } finally {
        db.close();
      }
    },
  };
}

/** A key store that forgets on reload: where IndexedDB is missing (tests, some private modes). */
export function memoryKeyStore(): KeyStore {
  let kept: CryptoKey | null = null;
  return {
    load: async () => kept,
    save: async (key) => {
      kept = key;
    },
  };
}

function defaultKeyStore(): KeyStore {
  try {
    if (typeof indexedDB !== 'undefined') return indexedDbKeyStore(indexedDB);
  } catch {
    // Access to indexedDB itself can throw when storage is blocked.
  }
  return memoryKeyStore();
}

let keyStore: KeyStore = defaultKeyStore();
let vaultKey: Promise<CryptoKey> | null = null;

/** Replaces the key store (tests) and forgets the cached key. */
export function setKeyStore(store: KeyStore): void {
  keyStore = store;
  vaultKey = null;
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const stored = await keyStore.load().catch(() => null);
  if (stored) return stored;
  // Not extractable: the raw key never leaves the browser's crypto layer.
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await keyStore.save(key).catch(() => undefined);
  return key;
}

function getKey(): Promise<CryptoKey> {
  vaultKey ??= loadOrCreateKey().catch((error: unknown) => {
    vaultKey = null;
    throw error;
  });
  return vaultKey;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Encrypts a text for storage: `{v, iv, data}` as JSON, with a fresh 96-bit IV each time. */
export async function seal(plain: string): Promise<string> {
  const key = await getKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain));
  return JSON.stringify({ v: SEALED_VERSION, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) });
}

/** Decrypts what `seal` produced; null when it cannot (another key, tampered or not sealed at all). */
export async function unseal(sealed: string): Promise<string | null> {
  try {
    const parsed = JSON.parse(sealed) as { v?: unknown; iv?: unknown; data?: unknown };
    if (parsed.v !== SEALED_VERSION || typeof parsed.iv !== 'string' || typeof parsed.data !== 'string') {
      return null;
    }
    const key = await getKey();
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(parsed.iv) },
      key,
      fromBase64(parsed.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
