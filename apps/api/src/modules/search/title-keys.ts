import type { Db, Queryable } from '../../lib/db/index.ts';
import { TOTAL_KEY } from './query.ts';
import { WordLists } from './engine/word-lists.ts';

export { difference, guessWords, intersect, union } from './engine/id-lists.ts';

/**
 * Every title's filter keys (`title.facet_keys`) and year, kept in the API process (decision 0032):
 * a search whose matches come as a list of ids (search_term_titles) is counted here, about 0.1 µs
 * a title, instead of reading each matched title from the table (1.5 µs a heap page) and counting
 * its keys in SQL (5–10 µs).
 *
 * Exactness: the copy is complete up to a catalogue version `complete`: every change of a title's
 * keys or year takes a new version (`title.keys_version`, migration 0018) while its writer holds the
 * shared advisory lock, so when the lock is free every change at or below the version read is
 * committed. Each search reads, in its own snapshot, the titles whose version is above `complete`
 * (`changedSince`) and counts with those rows over the copy: the counts are those of its snapshot.
 */

/** A title's keys (indexes into the key names), year (-1: none) and work (index into the work keys; -1: a work of its own). */
interface Entry {
  keys: Int32Array;
  year: number;
  work: number;
}

/** Titles read in a search's own snapshot, newer than the copy. */
export type Changed = ReadonlyMap<number, Entry & { version: number }>;

/** What a search counts: the groups of applied filters (types AND, values OR). */
export interface KeyGroup {
  prefix: string;
  keys: readonly string[];
}

/** The counts of a search over its matched ids, as the counting statements answer them, and the ids passing every filter. */
export interface Counted {
  rows: { key: string; count: number }[];
  /** Matched titles that pass every applied filter, in id order. */
  passing: Int32Array;
}

const NO_YEAR = -1;
/** A title without a work key: a work of its own (grouped works, decision 0071). */
const OWN_WORK = -1;
/** A title with no keys read (never read: the search's own rows hold every newer title). */
const NO_ENTRY: Entry = { keys: new Int32Array(0), year: NO_YEAR, work: OWN_WORK };
/** Years counted apart when ordering newest first (0–9999, and none). */
const YEAR_BUCKETS = 10_001;
const SEPARATOR = '\u001f';
/**
 * Titles read per statement while loading; requests are served between two statements (reading
 * 10,000 titles' keys holds the event loop for about 100 ms).
 */
const LOAD_CHUNK = 10_000;

export class TitleKeys {
  /** Key names and their indexes. */
  private readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  /** Index of each key's prefix (`T` of `T:LIVRO`) in `prefixes`. */
  private prefixOfKey = new Int32Array(256);
  private readonly prefixes: string[] = [];
  private readonly prefixIndex = new Map<string, number>();

  /** The titles as loaded: keys of title id i at keys[offsets[i] … offsets[i + 1]). */
  private offsets = new Int32Array(1);
  private keys = new Int32Array(0);
  private years = new Int16Array(0);
  /** Each title's work as loaded (OWN_WORK: none), by title id, and the work keys' indexes. */
  private works = new Int32Array(0);
  private readonly workIndex = new Map<string, number>();
  /** Marks of the works counted by countWorks (reused: it marks with a new stamp each time). */
  private workSeen = new Int32Array(0);
  private workStamp = 0;
  /** Titles changed since the load (or beyond it), with the version they were read at. */
  private readonly newer = new Map<number, Entry & { version: number }>();
  private newerFlag = new Uint8Array(0);

  /** The frequent words' title lists read so far. */
  private readonly wordLists = new WordLists();

  /** The catalogue version the copy is complete to; null until loaded. */
  private complete: number | null = null;
  private loading: Promise<void> | null = null;

  /** A reload that folds the changes kept since the load into the arrays, while one runs. */
  private compacting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** Changed titles kept apart from the arrays before the copy is loaded again (compacted). */
    private readonly compactAt = 100_000,
  ) {}

  /** How many changed titles are kept apart from the arrays (until the next compaction). */
  get keptApart(): number {
    return this.newer.size;
  }

  /** Settles when no load or compaction is running. */
  async settled(): Promise<void> {
    await (this.compacting ?? this.loading)?.catch(() => undefined);
  }

  /**
   * The titles holding every word of the text in the scope, sorted, and how many words the text
   * has; null when a word of it is not listed (WordLists).
   */
  titlesOfWords(
    tx: Queryable,
    text: string,
    scope: string,
  ): Promise<{ ids: Int32Array; words: number } | null> {
    return this.wordLists.titlesOfWords(tx, text, scope);
  }

  /** Drops the word lists read so far (the copy of the keys stays): the benchmark starts its passes alike. */
  forgetLists(): void {
    this.wordLists.forget();
  }

  /** Whether the copy may answer searches. */
  get ready(): boolean {
    return this.complete !== null;
  }

  /** Starts loading the copy (once); the promise settles when it is ready or failed. */
  load(): Promise<void> {
    this.loading ??= this.loadAll().catch((error: unknown) => {
      // A failed load leaves searches to the database; the next search tries again.
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private keyIndex(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.names.push(name);
      this.index.set(name, i);
      const colon = name.indexOf(':');
      const prefix = colon < 0 ? name : name.slice(0, colon);
      let p = this.prefixIndex.get(prefix);
      if (p === undefined) {
        p = this.prefixes.length;
        this.prefixes.push(prefix);
        this.prefixIndex.set(prefix, p);
      }
      if (i >= this.prefixOfKey.length) {
        const grown = new Int32Array(this.prefixOfKey.length * 2);
        grown.set(this.prefixOfKey);
        this.prefixOfKey = grown;
      }
      this.prefixOfKey[i] = p;
    }
    return i;
  }

  private workNumber(key: string | null): number {
    if (key === null) return OWN_WORK;
    let w = this.workIndex.get(key);
    if (w === undefined) this.workIndex.set(key, (w = this.workIndex.size));
    return w;
  }

  private parse(joined: string | null): Int32Array {
    if (!joined) return new Int32Array(0);
    const parts = joined.split(SEPARATOR);
    const out = new Int32Array(parts.length);
    for (let i = 0; i < parts.length; i++) out[i] = this.keyIndex(parts[i]!);
    return out;
  }

  private async loadAll(): Promise<void> {
    // The version the copy will be complete to: read while no writer holds the lock, so every
    // change at or below it is committed and seen by the statements below.
    let version: number | null = null;
    for (let attempt = 0; attempt < 200 && version === null; attempt++) {
      // As search_catalogue_version(), but looking at the lock without trying it: a try would
      // make a search trying it at the same instant keep nothing.
      const { rows } = await this.db.query<{ version: string; keepable: boolean }>(
        `SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version,
                NOT EXISTS (SELECT FROM pg_locks l
                             WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                               AND l.classid = (public.search_catalogue_lock_key() >> 32)::oid
                               AND l.objid = (public.search_catalogue_lock_key() & 4294967295)::oid) AS keepable
           FROM search_catalogue_version`,
      );
      if (rows[0]!.keepable) version = Number(rows[0]!.version);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (version === null) throw new Error('the catalogue kept changing while its filter keys were loaded');
    const { rows: top } = await this.db.query<{ max: number | null }>('SELECT max(id) AS max FROM title');
    const maxId = top[0]!.max ?? 0;
    const offsets = new Int32Array(maxId + 2);
    const years = new Int16Array(maxId + 1).fill(NO_YEAR);
    const works = new Int32Array(maxId + 1).fill(OWN_WORK);
    let keys = new Int32Array(Math.max(1024, (maxId + 1) * 16));
    let used = 0;
    let next = 0;
    let after = 0;
    for (;;) {
      const { rows } = await this.db.query<{
        id: number;
        year: number | null;
        k: string | null;
        w: string | null;
      }>(
        `SELECT id, year, array_to_string(facet_keys, chr(31)) AS k, work_key AS w
           FROM title WHERE id > $1 AND id <= $2 ORDER BY id LIMIT ${LOAD_CHUNK}`,
        [after, maxId],
      );
      for (const row of rows) {
        for (; next <= row.id; next++) offsets[next] = used;
        const parsed = this.parse(row.k);
        if (used + parsed.length > keys.length) {
          const grown = new Int32Array(Math.max(keys.length * 2, used + parsed.length));
          grown.set(keys.subarray(0, used));
          keys = grown;
        }
        keys.set(parsed, used);
        used += parsed.length;
        years[row.id] = row.year ?? NO_YEAR;
        works[row.id] = this.workNumber(row.w);
        offsets[row.id + 1] = used;
        next = row.id + 1;
      }
      if (rows.length < LOAD_CHUNK) break;
      after = rows[rows.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (; next <= maxId + 1; next++) offsets[next] = used;
    this.offsets = offsets;
    this.keys = keys.slice(0, used);
    this.years = years;
    this.works = works;
    this.newerFlag = new Uint8Array(maxId + 1);
    this.newer.clear();
    this.complete = version;
  }

  /** The titles a search must read in its own snapshot: those changed above the copy's version. */
  async changedSince(tx: Queryable): Promise<{ changed: Changed; complete: number }> {
    const complete = this.complete!;
    const { rows } = await tx.query<{
      id: number;
      year: number | null;
      k: string | null;
      w: string | null;
      v: string;
    }>(
      `SELECT id, year, array_to_string(facet_keys, chr(31)) AS k, work_key AS w, keys_version::text AS v
         FROM title WHERE keys_version > $1`,
      [complete],
    );
    const changed = new Map<number, Entry & { version: number }>();
    for (const row of rows)
      changed.set(row.id, {
        keys: this.parse(row.k),
        year: row.year ?? NO_YEAR,
        work: this.workNumber(row.w),
        version: Number(row.v),
      });
    return { changed, complete };
  }

  /**
   * Takes into the copy what a search read (`changedSince`, at `complete`), and moves the copy's
   * version to `version` when that search began while no writer held the lock (`keepable`).
   */
  absorb(changed: Changed, complete: number, version: number, keepable: boolean): void {
    if (this.complete === null || complete !== this.complete) return;
    for (const [id, entry] of changed) {
      const had = this.newer.get(id);
      if (had && had.version >= entry.version) continue;
      this.newer.set(id, entry);
      if (id < this.newerFlag.length) this.newerFlag[id] = 1;
    }
    if (keepable && version > this.complete) this.complete = version;
    // Every loan leaves a title here: past a bound the copy is read again in the background (the
    // searches meanwhile use the arrays and changes they have; rows changed during the reload are
    // above its version and read by each search).
    if (this.newer.size > this.compactAt && !this.compacting)
      this.compacting = this.loadAll()
        .catch(() => undefined)
        .finally(() => {
          this.compacting = null;
        });
  }

  /** Keys and year of a title: the search's own rows first, then the changes kept, then the load. */
  private entry(id: number, changed: Changed): Entry | null {
    if (changed.size > 0) {
      const own = changed.get(id);
      if (own) return own;
    }
    if (id < this.newerFlag.length && this.newerFlag[id] === 0) return null;
    return this.newer.get(id) ?? NO_ENTRY;
  }

  /**
   * The filter counts of the matched ids as buildFilterCountSql answers them: each type's values
   * over the titles passing the other types' filters, at most `cap` per type by count (ties by key)
   * plus the selected keys, and the total under '#'.
   */
  count(matched: Int32Array, groups: readonly KeyGroup[], changed: Changed, cap: number): Counted {
    const size = this.names.length;
    const { groupOf, groupPrefix, selected } = this.groupsOf(groups);
    const all = (1 << groups.length) - 1;
    const counts = new Int32Array(size);
    const passing = new Int32Array(matched.length);
    let total = 0;
    const { offsets, keys, prefixOfKey, newerFlag: flag } = this;
    for (let m = 0; m < matched.length; m++) {
      const id = matched[m]!;
      let list: Int32Array = keys;
      let from: number;
      let to: number;
      // Inline of entry(): most titles are as loaded.
      const other =
        (changed.size > 0 && changed.get(id)) ||
        (id < flag.length && flag[id] === 0 ? null : (this.newer.get(id) ?? NO_ENTRY));
      if (other === null) {
        from = offsets[id]!;
        to = offsets[id + 1]!;
      } else {
        list = other.keys;
        from = 0;
        to = list.length;
      }
      const missed = missedGroups(list, from, to, groupOf, all);
      if (missed === 0) {
        for (let i = from; i < to; i++) counts[list[i]!]!++;
        passing[total++] = id;
      } else if ((missed & (missed - 1)) === 0) {
        // One type missed: the title counts for that type's values only.
        const prefix = groupPrefix[31 - Math.clz32(missed)]!;
        for (let i = from; i < to; i++) if (prefixOfKey[list[i]!] === prefix) counts[list[i]!]!++;
      }
    }
    return { rows: this.rowsOf(counts, total, selected, cap), passing: passing.slice(0, total) };
  }

  /** The groups of applied filters as the counting loops read them. */
  private groupsOf(groups: readonly KeyGroup[]): {
    groupOf: Int8Array;
    groupPrefix: number[];
    selected: number[];
  } {
    const groupOf = new Int8Array(this.names.length).fill(-1);
    const groupPrefix: number[] = [];
    const selected: number[] = [];
    for (const [g, group] of groups.entries()) {
      groupPrefix.push(this.prefixIndex.get(group.prefix) ?? -1);
      for (const key of group.keys) {
        const k = this.index.get(key);
        if (k !== undefined) {
          groupOf[k] = g;
          selected.push(k);
        }
      }
    }
    return { groupOf, groupPrefix, selected };
  }

  /** Counting rows: the total under '#', each prefix's `cap` best by count (ties by key, as the database's C collation orders them) and the selected keys. */
  private rowsOf(
    counts: Int32Array,
    total: number,
    selected: readonly number[],
    cap: number,
  ): Counted['rows'] {
    const { names, prefixOfKey } = this;
    const byPrefix = new Map<number, number[]>();
    for (let k = 0; k < names.length; k++) {
      if (counts[k] === 0) continue;
      const p = prefixOfKey[k]!;
      let list = byPrefix.get(p);
      if (!list) byPrefix.set(p, (list = []));
      list.push(k);
    }
    const rows: Counted['rows'] = [{ key: TOTAL_KEY, count: total }];
    const listed = new Set<number>();
    for (const list of byPrefix.values()) {
      list.sort(
        (a, b) => counts[b]! - counts[a]! || (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0),
      );
      for (const k of list.slice(0, cap)) listed.add(k);
    }
    for (const k of selected) if (counts[k]! > 0) listed.add(k);
    for (const k of listed) rows.push({ key: names[k]!, count: counts[k]! });
    return rows;
  }

  /** A title's keys and work as the search's snapshot has them: its own rows, the changes kept, or the load. */
  private current(
    id: number,
    changed: Changed,
  ): { list: Int32Array; from: number; to: number; work: number } {
    const other = this.entry(id, changed);
    return other === null
      ? { list: this.keys, from: this.offsets[id]!, to: this.offsets[id + 1]!, work: this.works[id]! }
      : { list: other.keys, from: 0, to: other.keys.length, work: other.work };
  }

  /**
   * The filter counts in works (grouped works, decision 0071), as buildFilterCountSql answers them
   * with `byWork` (decision 0085): each type's values count the works of the titles passing the
   * other types' filters, titles sharing a work key once, and '#' the works passing every filter.
   * The titles are visited work by work, so a key counts a work at its first title holding it.
   */
  countByWork(
    matched: Int32Array,
    groups: readonly KeyGroup[],
    changed: Changed,
    cap: number,
  ): Counted['rows'] {
    const n = matched.length;
    const { groupOf, groupPrefix, selected } = this.groupsOf(groups);
    // Visit order: by work (a title without one alone), as numbers (work + 1) * n + place, sorted.
    const order = new Float64Array(n);
    for (let m = 0; m < n; m++) order[m] = (this.workOf(matched[m]!, changed) + 1) * n + m;
    order.sort();
    const all = (1 << groups.length) - 1;
    const counts = new Int32Array(this.names.length);
    /** The run (work) at which each key was last counted; runs start at 1. */
    const countedAt = new Int32Array(this.names.length);
    const { prefixOfKey } = this;
    let run = 0;
    let previous = Number.NaN;
    let total = 0;
    let totalAt = 0;
    for (let o = 0; o < n; o++) {
      const { list, from, to, work } = this.current(matched[order[o]! % n]!, changed);
      if (work === OWN_WORK || work !== previous) run++;
      previous = work;
      const missed = missedGroups(list, from, to, groupOf, all);
      if (missed === 0) {
        for (let i = from; i < to; i++) {
          const k = list[i]!;
          if (countedAt[k] !== run) {
            countedAt[k] = run;
            counts[k]!++;
          }
        }
        if (totalAt !== run) {
          totalAt = run;
          total++;
        }
      } else if ((missed & (missed - 1)) === 0) {
        const prefix = groupPrefix[31 - Math.clz32(missed)]!;
        for (let i = from; i < to; i++) {
          const k = list[i]!;
          if (prefixOfKey[k] === prefix && countedAt[k] !== run) {
            countedAt[k] = run;
            counts[k]!++;
          }
        }
      }
    }
    return this.rowsOf(counts, total, selected, cap);
  }

  /**
   * How many works the ids hold, as `count(DISTINCT coalesce(work_key, '#' || id))` over them
   * answers (grouped works, decision 0071): a title without a work key is a work of its own.
   */
  countWorks(ids: Int32Array, changed: Changed): number {
    if (this.workSeen.length < this.workIndex.size)
      this.workSeen = new Int32Array(Math.max(this.workIndex.size, this.workSeen.length * 2));
    // A new stamp marks this count's works; the marks of earlier counts are other stamps.
    if (++this.workStamp === 2 ** 31 - 1) {
      this.workSeen.fill(0);
      this.workStamp = 1;
    }
    const { workSeen: seen, workStamp: stamp } = this;
    let count = 0;
    for (let i = 0; i < ids.length; i++) {
      const work = this.workOf(ids[i]!, changed);
      if (work === OWN_WORK) count++;
      else if (seen[work] !== stamp) {
        seen[work] = stamp;
        count++;
      }
    }
    return count;
  }

  /** A title's work (OWN_WORK: none) as the search's snapshot has it. */
  private workOf(id: number, changed: Changed): number {
    return this.entry(id, changed)?.work ?? this.works[id]!;
  }

  /** A title's year (-1: none) as the search's snapshot has it. */
  yearOf(id: number, changed: Changed): number {
    return this.entry(id, changed)?.year ?? this.years[id] ?? NO_YEAR;
  }

  /**
   * The first `limit` of the ids newest first (year descending, no year last, then id): the order
   * of a big result set after its exact matches (buildSearchSql).
   */
  newestFirst(ids: Int32Array, limit: number, changed: Changed, skip: ReadonlySet<number>): number[] {
    if (limit <= 0) return [];
    // The year from which on the first `limit` lie, through a count per year (no year: bucket 0).
    const yearOf = (id: number) => this.yearOf(id, changed);
    const bucketOf = (year: number) => Math.min(Math.max(year + 1, 0), YEAR_BUCKETS - 1);
    const perYear = new Int32Array(YEAR_BUCKETS);
    for (let i = 0; i < ids.length; i++) if (!skip.has(ids[i]!)) perYear[bucketOf(yearOf(ids[i]!))]!++;
    let from = 0;
    for (let bucket = YEAR_BUCKETS - 1, seen = 0; bucket >= 0; bucket--) {
      seen += perYear[bucket]!;
      from = bucket;
      if (seen >= limit) break;
    }
    const chosen: { id: number; year: number }[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (skip.has(id)) continue;
      const year = yearOf(id);
      if (bucketOf(year) >= from) chosen.push({ id, year });
    }
    chosen.sort((a, b) => b.year - a.year || a.id - b.id);
    return chosen.slice(0, limit).map((c) => c.id);
  }
}

/**
 * The filter groups a title's keys (`list[from … to)`) miss, as bits: group g is bit g of `all`,
 * and `groupOf` gives each key's group (-1: none).
 */
function missedGroups(list: Int32Array, from: number, to: number, groupOf: Int8Array, all: number): number {
  let hit = 0;
  if (all !== 0)
    for (let i = from; i < to; i++) {
      const g = groupOf[list[i]!]!;
      if (g >= 0) hit |= 1 << g;
    }
  return all & ~hit;
}

const copies = new WeakMap<Db, TitleKeys>();

/** The one copy of a database's title keys in this process, shared by its search engines. */
export function titleKeysOf(db: Db): TitleKeys {
  let copy = copies.get(db);
  if (!copy) copies.set(db, (copy = new TitleKeys(db)));
  return copy;
}
