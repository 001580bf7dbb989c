import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  baseKey,
  COMPLETE_LANGUAGES,
  flattenKeys,
  LOADED_LANGUAGES,
  PARTIAL_LANGUAGE_SCOPE,
  PARTIAL_LANGUAGES,
  resources,
  SOURCE_LANGUAGE,
  TRANSLATION_KEYS,
} from './index.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Where keys are used: the web app, and the contract (its 422 messages are keys). */
const SCANNED = ['apps/web/src', 'packages/contract/src'];

/**
 * Keys built at run time: a prefix plus a code from the contract or the server
 * (`search.sort.${code}`, `copy.status.${status}`, a search tab's label…).
 */
const DYNAMIC_PREFIXES = [
  'search.tab.',
  'search.sort.',
  'search.type.',
  'search.termType.',
  'search.filter.',
  'search.filterValue.',
  'search.filter.',
  'search.advanced.operators.',
  'copy.status.',
  'authority.type.',
  'authority.tabs.',
  'record.tabs.',
  'record.additional.',
  'language.',
  'suggestions.status.',
  'suggestions.order.status.',
  // The audit log's actions (STAFF_ACTIONS), checked one by one in the web's audit test.
  'staff.audit.actions.',
  // The settings offered on screen (INSTITUTION_SETTINGS), checked one by one in the settings editor's test.
  'staff.content.settings.keys.',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const sources = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
}

describe('translations', () => {
  const keysOf = (language: keyof typeof resources) => flattenKeys(resources[language].translation);

  it('pt is the source and every other complete language has exactly its keys', () => {
    const source = new Set(keysOf(SOURCE_LANGUAGE).map(baseKey));
    for (const language of COMPLETE_LANGUAGES) {
      const keys = new Set(keysOf(language).map(baseKey));
      const missing = [...source].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !source.has(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('every loaded language is either complete or partial', () => {
    expect([...LOADED_LANGUAGES].sort()).toEqual([...COMPLETE_LANGUAGES, ...PARTIAL_LANGUAGES].sort());
  });

  it('fr and it cover every key of the chrome and search screens, and no key pt lacks', () => {
    const source = keysOf(SOURCE_LANGUAGE).map(baseKey);
    const inScope = source.filter((key) =>
      (PARTIAL_LANGUAGE_SCOPE as readonly string[]).includes(key.split('.')[0] ?? ''),
    );
    // The scope must hold the chrome and search texts, whatever else it holds.
    expect(inScope.some((key) => key.startsWith('chrome.accessibility.'))).toBe(true);
    expect(inScope).toContain('search.field.required');
    for (const language of PARTIAL_LANGUAGES) {
      const keys = new Set(keysOf(language).map(baseKey));
      const missing = [...new Set(inScope)].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !source.includes(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('every plural key has each plural form its language needs', () => {
    for (const language of LOADED_LANGUAGES) {
      const keys = keysOf(language);
      const plurals = new Set(keys.filter((key) => baseKey(key) !== key).map(baseKey));
      const needed = pluralCategories(language);
      const missing = [...plurals].flatMap((base) =>
        needed.filter((form) => !keys.includes(`${base}_${form}`)).map((form) => `${base}_${form}`),
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it('no text is empty and placeholders match the source', () => {
    const source = resources[SOURCE_LANGUAGE].translation;
    const lookup = (tree: object, key: string): string | undefined =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) as
        string | undefined;
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of LOADED_LANGUAGES) {
      for (const key of keysOf(language)) {
        const text = lookup(resources[language].translation, key) ?? '';
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        const sourceText = lookup(source, key) ?? lookup(source, `${baseKey(key)}_other`) ?? '';
        expect(
          placeholders(text).filter((p) => p !== 'count'),
          `${language}:${key}`,
        ).toEqual(placeholders(sourceText).filter((p) => p !== 'count'));
      }
    }
  });

  it('every key is used in the web app (or built from a known prefix)', () => {
    const unused = TRANSLATION_KEYS.filter(
      (key) =>
        !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)) &&
        !sources.includes(`'${key}'`) &&
        !sources.includes(`"${key}"`) &&
        !sources.includes(`\`${key}\``),
    );
    expect(unused).toEqual([]);
  });

  it('every key the web app names exists in pt', () => {
    const known = new Set<string>(TRANSLATION_KEYS);
    const named = [...sources.matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[\w-]+)+)'/g)].map((m) => m[1] ?? '');
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('the search field message reads as SPEC §5 asks in each language', () => {
    expect(resources.pt.translation.search.field.required).toBe('O campo acima é obrigatório');
    expect(resources.en.translation.search.field.required).toBe('The above field is required');
    expect(resources.es.translation.search.field.required).toBe('El campo anterior es obligatorio');
    expect(resources.fr.translation.search?.field?.required).toBe('Le champ ci-dessus est obligatoire');
    expect(resources.it.translation.search?.field?.required).toBe('Il campo qui sopra è obbligatorio');
  });
});
