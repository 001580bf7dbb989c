// Issue 18, a light first load: each language's texts come in two parts. The first screen (the
// home page and its results, the header and footer, sign-in) needs only the first; the rest (the
// record, the personal area, the staff workspace, the rarer search tabs…) loads right after the
// page first shows, and every lazy screen or part waits for it (lib/i18n.ts `allTexts`). The build
// splits the files with these prefixes (texts-split.ts); a test checks the first screen's keys.

/** The texts of the first part: every key that is one of these or starts with one and a dot. */
export const FIRST_TEXTS: readonly string[] = [
  // Whole areas the first screen and its pop-ups draw from.
  'app',
  'basket',
  'chrome',
  'common',
  'config',
  'errors',
  'feedback',
  'form',
  'identity',
  'identityRules',
  'institution',
  'language',
  'notAvailable',
  'notFound',
  'recoveryRules',
  'search',
  // The header's links to other areas.
  'alerts.header',
  'personalArea.defaultName',
  'personalArea.menu',
  'staff.link',
  'staff.nav',
];

type Texts = { [key: string]: string | Texts };

function isFirst(path: string): boolean {
  return FIRST_TEXTS.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
}

/** One part of a language's texts (nested as in the file); the two parts together are the whole. */
export function textsPart(texts: Texts, part: 'first' | 'rest', prefix = ''): Texts {
  const result: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    // A plural form (`count_one`) belongs where its base key does.
    const wanted = isFirst(path.replace(/_(zero|one|two|few|many|other)$/, '')) === (part === 'first');
    if (typeof value === 'string') {
      if (wanted) result[key] = value;
    } else {
      const inner = textsPart(value, part, path);
      if (Object.keys(inner).length > 0) result[key] = inner;
    }
  }
  return result;
}
