import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  baseKey,
  flattenKeys,
  LANGUAGES,
  missingKeys,
  OFFERED_LANGUAGES,
  offeredLanguages,
  pluralForms,
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

describe('translations', () => {
  const keysOf = (language: keyof typeof resources) => flattenKeys(resources[language].translation);

  const offered = OFFERED_LANGUAGES.map((language) => language.code);

  it('offers pt, en and es, each with every source key and no other', () => {
    expect(offered).toEqual(['pt', 'en', 'es']);
    const source = new Set(keysOf(SOURCE_LANGUAGE).map(baseKey));
    for (const language of offered) {
      const extra = keysOf(language)
        .map(baseKey)
        .filter((key) => !source.has(key));
      expect({
        language,
        missing: missingKeys(language, resources[language].translation, resources.pt.translation),
        extra,
      }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('offers a language only when it has every key: fr and it, still being translated, are not offered', () => {
    expect(missingKeys('fr', resources.fr.translation, resources.pt.translation).length).toBeGreaterThan(0);
    expect(missingKeys('it', resources.it.translation, resources.pt.translation).length).toBeGreaterThan(0);
    const pt = {
      language: { endonym: 'Português' },
      a: { b: 'x', n_one: '{{count}} livro', n_many: '{{count}} de livros', n_other: '{{count}} livros' },
    };
    const complete = {
      language: { endonym: 'Français' },
      a: { b: 'x', n_one: '{{count}} livre', n_many: '{{count}} de livres', n_other: '{{count}} livres' },
    };
    expect(offeredLanguages({ pt, fr: complete })).toEqual([
      { code: 'pt', endonym: 'Português' },
      { code: 'fr', endonym: 'Français' },
    ]);
    // One text missing, or one plural form French needs, and the language is not offered.
    const { b: _b, ...withoutB } = complete.a;
    expect(offeredLanguages({ pt, fr: { ...complete, a: withoutB } })).toEqual([
      { code: 'pt', endonym: 'Português' },
    ]);
    const { n_many: _many, ...withoutMany } = complete.a;
    expect(missingKeys('fr', { ...complete, a: withoutMany }, pt)).toEqual(['a.n']);
    // English needs no "many": its one/other pair is the whole key.
    const { n_many: _enMany, ...english } = complete.a;
    expect(missingKeys('en', { language: { endonym: 'English' }, a: english }, pt)).toEqual([]);
  });

  it('every plural key has each plural form its language needs', () => {
    for (const language of LANGUAGES) {
      const keys = keysOf(language);
      const plurals = new Set(keys.filter((key) => baseKey(key) !== key).map(baseKey));
      const needed = pluralForms(language);
      const missing = [...plurals].flatMap((base) =>
        needed.filter((form) => !keys.includes(`${base}_${form}`)).map((form) => `${base}_${form}`),
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it('in Portuguese a count of 0 reads as plural: each counted text that shows its count has a _zero form', () => {
    // CLDR files 0 under "one" for pt ("0 resultado"); i18next takes `_zero` first for a count of 0.
    expect(new Intl.PluralRules('pt').select(0)).toBe('one');
    const keys = keysOf('pt');
    const lookup = (key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.pt.translation);
    const lacking = keys
      .filter((key) => key.endsWith('_one') && String(lookup(key)).includes('{{count}}'))
      .map(baseKey)
      .filter((base) => !keys.includes(`${base}_zero`));
    expect(lacking).toEqual([]);
  });

  it('no text is empty and placeholders match the source', () => {
    const source = resources[SOURCE_LANGUAGE].translation;
    const lookup = (tree: object, key: string): string | undefined =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) as
        string | undefined;
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES) {
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
