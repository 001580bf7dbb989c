import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { textsPart } from './src/lib/text-parts.ts';

const PART = /\/locales\/(\w+)\.json\?part=(first|rest)$/;

/**
 * `…/locales/pt.json?part=first` and `?part=rest`: the two parts of a language's texts
 * (src/lib/text-parts.ts), each its own chunk (the build and the component tests use it).
 */
export function textsSplit(): Plugin {
  return {
    name: 'estante-texts-split',
    enforce: 'pre',
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const texts = JSON.parse(readFileSync(id.slice(0, id.indexOf('?')), 'utf8')) as Parameters<
        typeof textsPart
      >[0];
      return `export default ${JSON.stringify(textsPart(texts, match[2] as 'first' | 'rest'))};`;
    },
  };
}
