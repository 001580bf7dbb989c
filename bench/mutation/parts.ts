// The results of a mutation run kept per part (bench/mutation.ts): an area such as `marc` is too
// large to measure in one go, so it is measured in parts (one file, one folder, one line range), each
// with its own incremental file, report and result record, and a summary adds up the latest result
// of every file of the area.

/** Stryker's counts for a set of mutants. */
export interface Counts {
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Compile and runtime errors, and mutants left out by a `Stryker disable` comment: not scored. */
  other: number;
}

/** What one run of one part of an area left in `bench/.data/mutation/<area>/<part>.json`. */
export interface PartRecord {
  area: string;
  part: string;
  /** The `--mutate` globs of the run (the area's own when the whole area ran). */
  mutate: string[];
  /** When the run ended (ISO 8601): the latest run of a file is the one that counts. */
  finished: string;
  seconds: number;
  /** Run with `--full`: no result reused from an earlier run. */
  full: boolean;
  /** Counts per file (or per `file:lines` when the part was a line range), repo-relative. */
  files: Record<string, Counts>;
  /** Seconds spent testing the mutants of each file (without the initial test run of the part). */
  fileSeconds?: Record<string, number>;
}

/** One line of the summary: a file's (or line range's) latest counts and the run they come from. */
export interface SummaryRow extends Counts {
  key: string;
  part: string;
  finished: string;
  /** Seconds spent on the file's mutants; unknown for a part run before times were kept per file. */
  seconds: number | undefined;
}

export const ZERO: Counts = { mutants: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };

/** The part's name (file names of its results): `all` for the whole area, else its globs made a slug. */
export function partName(mutate: readonly string[] | undefined): string {
  if (!mutate || mutate.length === 0) return 'all';
  return mutate
    .map((glob) =>
      glob
        .replace(/^(packages|apps)\/[^/]+\/src\//, '')
        .replace(/\.ts\b/g, '')
        .replace(/\*\*/g, 'all')
        .replace(/\*/g, 'any')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .join('+');
}

/** A `--mutate` entry that names a line range (`file.ts:100-200`, `file.ts:5:1-9:3`): its file. */
export function rangeFile(entry: string): string | undefined {
  return /^(.+\.[cm]?[jt]sx?):\d[\d:-]*$/.exec(entry)?.[1];
}

/** Counts per file of a run's results; a file mutated by a line range is keyed by that range. */
export function countsPerFile(
  results: readonly { fileName: string; status: string }[],
  mutate: readonly string[],
  relative: (fileName: string) => string,
): Record<string, Counts> {
  const ranges = new Map<string, string>();
  for (const entry of mutate) {
    const file = rangeFile(entry);
    if (file) ranges.set(file, entry);
  }
  const files: Record<string, Counts> = {};
  for (const result of results) {
    const file = relative(result.fileName);
    const key = ranges.get(file) ?? file;
    const c = (files[key] ??= { ...ZERO });
    c.mutants += 1;
    if (result.status === 'Killed') c.killed += 1;
    else if (result.status === 'Timeout') c.timeout += 1;
    else if (result.status === 'Survived') c.survived += 1;
    else if (result.status === 'NoCoverage') c.noCoverage += 1;
    else c.other += 1;
  }
  return files;
}

/**
 * The latest counts of every file across the parts run so far: a later run of a file replaces an
 * earlier one, whatever part it was in; a whole-file result replaces the line ranges of that file
 * (they would count its mutants twice).
 */
export function latestPerFile(parts: readonly PartRecord[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const part of [...parts].sort((a, b) => a.finished.localeCompare(b.finished))) {
    const keys = Object.keys(part.files);
    for (const key of keys)
      rows.set(key, {
        key,
        ...part.files[key]!,
        part: part.part,
        finished: part.finished,
        seconds:
          part.fileSeconds?.[key.replace(/:\d[\d:-]*$/, '')] ??
          (keys.length === 1 ? part.seconds : undefined),
      });
  }
  const wholeFiles = new Set([...rows.keys()].filter((key) => rangeFile(key) === undefined));
  return [...rows.values()]
    .filter((row) => {
      const file = rangeFile(row.key);
      return file === undefined || !wholeFiles.has(file);
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

export function add(a: Counts, b: Counts): Counts {
  return {
    mutants: a.mutants + b.mutants,
    killed: a.killed + b.killed,
    timeout: a.timeout + b.timeout,
    survived: a.survived + b.survived,
    noCoverage: a.noCoverage + b.noCoverage,
    other: a.other + b.other,
  };
}

/** Stryker's score: caught (killed or timed out) over caught, survived and not covered. */
export function percent(c: Counts): number {
  const scored = c.killed + c.timeout + c.survived + c.noCoverage;
  return scored === 0 ? 100 : (100 * (c.killed + c.timeout)) / scored;
}
