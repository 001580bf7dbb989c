import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../config/env';

/** One search of this visit (SPEC §4: fields, record count, URL, base). */
export interface SearchHistoryEntry {
  /** What was searched, as the patron reads it ("Autor: machado · E Título: casmurro"). */
  fields: string;
  /** Records the search found. */
  total: number;
  /** The search page address (path and query) that runs the search again. */
  url: string;
  base: string;
  /** The search tab it ran in. */
  tab: string;
}

/** Entries kept, newest first. */
export const HISTORY_LIMIT = 20;

const listeners = new Set<() => void>();
let cache: { raw: string | null; entries: SearchHistoryEntry[] } = { raw: null, entries: [] };

function read(): SearchHistoryEntry[] {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEYS.searchHistory);
  } catch {
    return cache.entries;
  }
  if (raw === cache.raw) return cache.entries;
  let entries: SearchHistoryEntry[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed as SearchHistoryEntry[];
  } catch {
    // A damaged history starts again empty.
  }
  cache = { raw, entries };
  return entries;
}

function write(entries: SearchHistoryEntry[]): void {
  const raw = JSON.stringify(entries);
  try {
    sessionStorage.setItem(STORAGE_KEYS.searchHistory, raw);
  } catch {
    // Without storage the history lives only in memory.
  }
  cache = { raw, entries };
  for (const listener of listeners) listener();
}

/**
 * Adds a search to the history, newest first. Running the same search again (same URL) moves it
 * to the top with its new count instead of listing it twice.
 */
export function addToSearchHistory(entry: SearchHistoryEntry): void {
  const rest = read().filter((e) => e.url !== entry.url);
  write([entry, ...rest].slice(0, HISTORY_LIMIT));
}

export function clearSearchHistory(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The search history of this visit and a way to clear it. */
export function useSearchHistory(): [SearchHistoryEntry[], () => void] {
  const entries = useSyncExternalStore(subscribe, read, read);
  return [entries, clearSearchHistory];
}
