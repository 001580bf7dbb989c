import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../config/env';

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    // Blocked storage: the guides show, and turning them off lasts for this page only.
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // See read().
  }
}

/** Whether the search guides (the guided tour of the search page) are on, and the switches to change it. */
export function useSearchTour() {
  const [isOff, setOff] = useState(() => read(() => localStorage, STORAGE_KEYS.searchTour) === 'off');
  const [isDone, setDone] = useState(
    () => read(() => sessionStorage, STORAGE_KEYS.searchTourDone) === 'done',
  );
  /** Turns the guides off for good (kept in this browser). */
  const turnOff = useCallback(() => {
    write(() => localStorage, STORAGE_KEYS.searchTour, 'off');
    setOff(true);
  }, []);
  /** Turns the guides back on and starts the tour again. */
  const turnOn = useCallback(() => {
    write(() => localStorage, STORAGE_KEYS.searchTour, null);
    write(() => sessionStorage, STORAGE_KEYS.searchTourDone, null);
    setOff(false);
    setDone(false);
  }, []);
  /** Hides the tour for the rest of this visit, once the patron has read it. */
  const finish = useCallback(() => {
    write(() => sessionStorage, STORAGE_KEYS.searchTourDone, 'done');
    setDone(true);
  }, []);
  return { isShown: !isOff && !isDone, isOff, turnOff, turnOn, finish };
}
