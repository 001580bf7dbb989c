import type { Copy } from '@estante/contract';

/** The copies of one library. */
export interface LibraryCopies {
  libraryId: number;
  libraryName: string;
  copies: Copy[];
  /** How many of them are on the shelf. */
  available: number;
}

/** Groups copies by library, libraries in name order, copies in the order the API gave them. */
export function groupCopiesByLibrary(copies: Copy[]): LibraryCopies[] {
  const groups = new Map<number, LibraryCopies>();
  for (const copy of copies) {
    let group = groups.get(copy.cod_biblioteca);
    if (!group) {
      group = { libraryId: copy.cod_biblioteca, libraryName: copy.desc_biblioteca, copies: [], available: 0 };
      groups.set(copy.cod_biblioteca, group);
    }
    group.copies.push(copy);
    if (copy.situacao === 'disponivel') group.available += 1;
  }
  return [...groups.values()].sort((a, b) => a.libraryName.localeCompare(b.libraryName));
}
