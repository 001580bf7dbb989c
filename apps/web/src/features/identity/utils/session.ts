import { STORAGE_KEYS } from '../../../config/env';

type StorageGetter = () => Storage;
const STORES: StorageGetter[] = [() => sessionStorage, () => localStorage];

/** SPEC §4 login state: logged in when the session store or the persistent store holds a user. */
export function hasUserSession(): boolean {
  return STORES.some((store) => {
    try {
      return !!store().getItem(STORAGE_KEYS.session);
    } catch {
      // Blocked storage holds no user.
      return false;
    }
  });
}

/** SPEC §2 /sair: forgets the session and the persisted login state. */
export function clearSession(): void {
  for (const store of STORES) {
    try {
      store().removeItem(STORAGE_KEYS.session);
    } catch {
      // Blocked storage holds nothing to clear.
    }
  }
}
