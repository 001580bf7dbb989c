import { describe, expect, it } from 'vitest';
import { countsPerFile, latestPerFile, partName, percent, type PartRecord, ZERO } from './parts.ts';

const part = (name: string, finished: string, files: PartRecord['files'], seconds = 60): PartRecord => ({
  area: 'marc',
  part: name,
  mutate: [],
  finished,
  seconds,
  full: false,
  files,
});
const counts = (killed: number, survived: number) => ({
  ...ZERO,
  mutants: killed + survived,
  killed,
  survived,
});

describe('mutation results kept per part', () => {
  it('names each part after its globs, so a run of one file keeps the results of another', () => {
    expect(partName(undefined)).toBe('all');
    expect(partName(['packages/marc/src/read/iso2709.ts'])).toBe('read-iso2709');
    expect(partName(['packages/marc/src/views/**/*.ts'])).toBe('views-all-any');
    expect(partName(['apps/api/src/modules/circulation/local/engine.ts:100-200'])).toBe(
      'modules-circulation-local-engine-100-200',
    );
    expect(partName(['packages/marc/src/read/iso2709.ts'])).not.toBe(
      partName(['packages/marc/src/read/marcxml.ts']),
    );
  });

  it('counts each file of a run, and a line range under its range', () => {
    const files = countsPerFile(
      [
        { fileName: '/repo/a.ts', status: 'Killed' },
        { fileName: '/repo/a.ts', status: 'Survived' },
        { fileName: '/repo/a.ts', status: 'Timeout' },
        { fileName: '/repo/b.ts', status: 'NoCoverage' },
        { fileName: '/repo/b.ts', status: 'Ignored' },
      ],
      ['b.ts:10-20'],
      (f) => f.replace('/repo/', ''),
    );
    expect(files).toEqual({
      'a.ts': { ...ZERO, mutants: 3, killed: 1, survived: 1, timeout: 1 },
      'b.ts:10-20': { ...ZERO, mutants: 2, noCoverage: 1, other: 1 },
    });
  });

  it('adds up the latest result of every file, whichever part measured it', () => {
    const rows = latestPerFile([
      part('b', '2026-11-26T19:30:00Z', { 'b.ts': counts(9, 1) }, 120),
      part('all', '2026-11-26T18:00:00Z', { 'a.ts': counts(1, 9), 'b.ts': counts(5, 5) }),
      part('a', '2026-11-26T19:00:00Z', { 'a.ts': counts(8, 2) }, 30),
    ]);
    expect(rows.map((r) => [r.key, r.killed, r.part, r.seconds])).toEqual([
      ['a.ts', 8, 'a', 30],
      ['b.ts', 9, 'b', 120],
    ]);
  });

  it('gives each file of a part the time spent on its own mutants', () => {
    const rows = latestPerFile([
      {
        ...part('read', '2026-11-26T18:00:00Z', { 'a.ts': counts(1, 0), 'b.ts': counts(1, 0) }, 100),
        fileSeconds: { 'a.ts': 30, 'b.ts': 50 },
      },
    ]);
    expect(rows.map((r) => r.seconds)).toEqual([30, 50]);
  });

  it('leaves the time of a file unknown when it shared its run with others', () => {
    const [a] = latestPerFile([
      part('all', '2026-11-26T18:00:00Z', { 'a.ts': counts(1, 0), 'b.ts': counts(1, 0) }),
    ]);
    expect(a!.seconds).toBeUndefined();
  });

  it('counts a file measured whole once, not again through its line ranges', () => {
    const rows = latestPerFile([
      part('r1', '2026-11-26T18:00:00Z', { 'e.ts:1-50': counts(4, 1) }),
      part('r2', '2026-11-26T18:10:00Z', { 'e.ts:51-99': counts(3, 0) }),
      part('f', '2026-11-26T17:00:00Z', { 'f.ts:1-9': counts(1, 0) }),
      part('e', '2026-11-26T19:00:00Z', { 'e.ts': counts(20, 2) }),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['e.ts', 'f.ts:1-9']);
  });

  it('scores caught mutants over the scored ones, leaving out the ones not scored', () => {
    expect(percent({ ...ZERO, mutants: 10, killed: 6, timeout: 2, survived: 1, noCoverage: 1 })).toBe(80);
    expect(percent({ ...ZERO, mutants: 4, killed: 3, survived: 1, other: 6 })).toBe(75);
    expect(percent(ZERO)).toBe(100);
  });
});
