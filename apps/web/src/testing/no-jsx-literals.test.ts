// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Attributes whose text a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'description',
]);
const LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Text between JSX tags, and literal strings in visible attributes, that contain a letter. */
export function findLiterals(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      found.push(node.text.trim());
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && LETTER.test(literal)) found.push(`${node.name.getText(file)}="${literal}"`);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      !ts.isJsxAttribute(node.parent) &&
      LETTER.test(node.expression.text)
    ) {
      found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no hard-coded user-visible text (DESIGN "Languages")', () => {
  it('finds literals the way the scan below relies on', () => {
    expect(findLiterals('const a = <p>Olá {name}</p>;')).toEqual(['Olá']);
    expect(findLiterals('const a = <img alt="Capa" />;')).toEqual(['alt="Capa"']);
    expect(findLiterals("const a = <b>{'Sair'}</b>;")).toEqual(['Sair']);
    expect(findLiterals("const a = <p>{t('x')} {'…'} · 1</p>; const b = useState<string>('');")).toEqual([]);
  });

  it('every .tsx under src takes its visible text from t()', () => {
    const offenders = tsxFiles(SRC).flatMap((path) =>
      findLiterals(readFileSync(path, 'utf8'), path).map((text) => `${relative(SRC, path)}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
