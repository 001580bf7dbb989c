// What a page of the web app waits for before it shows, in the build (dist/): shared by the first-load
// guard (e2e/first-load.spec.ts) and bench/first-load.ts, so both count the same files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The contract's modules whose schemas the first calls of each page load with the call, not with the
 * page (decision 0069). The public token and the configuration come in the page (decision 0076), and
 * the home sections and the default cover are checked by hand, so the home and record pages load no
 * schema before they show. The results page's calls (the search, its orderings, the result lines'
 * extras, the spelling suggestion) are checked by hand too (decision 0080): it loads none either.
 */
export const FIRST_CALL_SCHEMAS: Record<'home' | 'results' | 'record', readonly string[]> = {
  home: [],
  results: [],
  record: [],
};

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The build's manifest. */
export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The manifest keys of the chunks that hold these source modules (paths from the repository's root).
 * A module loaded with `import()` that Rolldown put in a shared chunk has no manifest entry of its own,
 * so the chunks' source maps say where it is.
 */
export function chunksOfSources(dist: string, manifest: Manifest, sources: readonly string[]): string[] {
  const assets = join(dist, 'assets');
  const wanted = new Map(sources.map((source) => [resolve(ROOT, source), source]));
  const found = new Map<string, string>();
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js.map'))) {
    const map = JSON.parse(readFileSync(join(assets, name), 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const wantedAs = wanted.get(resolve(assets, source));
      if (wantedAs) found.set(wantedAs, `assets/${name.slice(0, -'.map'.length)}`);
    }
  }
  return sources.map((source) => {
    const file = found.get(source);
    const key = Object.keys(manifest).find((k) => manifest[k]!.file === file);
    if (!key) throw new Error(`no chunk holds ${source}`);
    return key;
  });
}

/** The files a page loads before it shows: the given chunks and everything they import statically. */
export function pageFiles(manifest: Manifest, roots: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return { js, css };
}

/** The manifest key of the chunk built from a source module (the entry, a route, a locale part). */
export function chunkKey(manifest: Manifest, source: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) throw new Error(`no chunk for ${source} in the manifest`);
  return key;
}

/** The manifest key of the app's entry. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('the manifest has no entry');
  return key;
}

/** The chunks a page starts from: its own code and texts, and the schema chunks its first calls load. */
export interface PageRoots {
  code: string[];
  schemas: string[];
}

/**
 * The chunks each page starts from (Portuguese): the entry, the first part of the texts and the first
 * calls' schemas; a page other than the home also waits for the rest of the texts and its route.
 */
export function pageRoots(
  dist: string,
  manifest: Manifest,
): Record<keyof typeof FIRST_CALL_SCHEMAS, PageRoots> {
  const first = [entryKey(manifest), chunkKey(manifest, 'locales/pt.json?part=first')];
  const schemas = (page: keyof typeof FIRST_CALL_SCHEMAS) =>
    chunksOfSources(dist, manifest, FIRST_CALL_SCHEMAS[page]);
  return {
    home: { code: first, schemas: schemas('home') },
    // The results are the home route with a query: the same code, and the search's schemas.
    results: { code: first, schemas: schemas('results') },
    record: {
      code: [
        ...first,
        chunkKey(manifest, 'locales/pt.json?part=rest'),
        chunkKey(manifest, 'src/app/routes/title.tsx'),
      ],
      schemas: schemas('record'),
    },
  };
}

/** Whether a built chunk holds zod or any of the contract's modules (from its source map). */
export function holdsContractOrZod(dist: string, file: string): boolean {
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.some((source) => /node_modules\/zod\/|packages\/contract\/src\//.test(source));
}
