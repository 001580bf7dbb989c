import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, offeredLanguages } from '../../packages/i18n/src/keys.ts';

/**
 * The build-time constant of the offered languages (`__ESTANTE_LANGUAGES__`): computed from the
 * texts files, so the switcher offers a language only when it has every key, and the app need not
 * load every language to know which are complete.
 */
export function languagesDefine(): Record<string, string> {
  const texts = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      JSON.parse(
        readFileSync(
          fileURLToPath(new URL(`../../packages/i18n/src/locales/${code}.json`, import.meta.url)),
          'utf8',
        ),
      ) as object,
    ]),
  );
  return { __ESTANTE_LANGUAGES__: JSON.stringify(offeredLanguages(texts)) };
}
