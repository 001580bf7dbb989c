// A Stryker reporter (loaded as a plugin by bench/mutation.ts) that adds up the time spent on the
// mutants of each file: with one test process, the time between two mutants' results is the time
// the second one took, so a part that mutates a whole folder still gives each file its time.
import type { MutantResult } from '@stryker-mutator/api/core';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Seconds per file (Stryker's file name) since the last `reset`. */
export const fileSeconds = new Map<string, number>();
let last = performance.now();

/** Called when the mutants start being tested (after the initial test run and the plan). */
export function reset(): void {
  fileSeconds.clear();
  last = performance.now();
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Reporter, 'file-times', {
    onMutationTestingPlanReady() {
      reset();
    },
    onMutantTested(result: Readonly<MutantResult>) {
      const now = performance.now();
      fileSeconds.set(result.fileName, (fileSeconds.get(result.fileName) ?? 0) + (now - last) / 1000);
      last = now;
    },
  }),
];
