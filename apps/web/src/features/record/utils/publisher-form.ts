import type { RestrictedPublisherData } from '@estante/contract';

/** Where a publisher's form waits for the /pearson page, under a one-time key. */
const STORAGE_PREFIX = 'estante.publisher-form.';
/** A form not opened within this time is stale (the publisher's signature carries its own date too). */
const MAX_AGE_MS = 5 * 60_000;

interface StoredForm extends RestrictedPublisherData {
  editora: string;
  storedAt: number;
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps a publisher's form for the new tab (same origin) and answers the key that names it. */
export function stashPublisherForm(editora: string, data: RestrictedPublisherData, now = Date.now()): string {
  const key = crypto.randomUUID();
  store()?.setItem(
    STORAGE_PREFIX + key,
    JSON.stringify({ ...data, editora, storedAt: now } satisfies StoredForm),
  );
  return key;
}

/** Reads a stashed form; null when there is none, it is stale or unreadable. */
export function readPublisherForm(
  key: string,
  now = Date.now(),
): (RestrictedPublisherData & { editora: string }) | null {
  const raw = store()?.getItem(STORAGE_PREFIX + key);
  if (!raw) return null;
  try {
    const form = JSON.parse(raw) as Partial<StoredForm>;
    if (
      typeof form.endereco !== 'string' ||
      typeof form.editora !== 'string' ||
      typeof form.storedAt !== 'number'
    )
      return null;
    if (now - form.storedAt > MAX_AGE_MS || !/^https?:\/\//.test(form.endereco)) return null;
    const campos = Object.fromEntries(
      Object.entries(form.campos ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    return { editora: form.editora, endereco: form.endereco, campos };
  } catch {
    return null;
  }
}

/** Removes a stashed form once it was posted: it can be used once. */
export function discardPublisherForm(key: string): void {
  store()?.removeItem(STORAGE_PREFIX + key);
}
