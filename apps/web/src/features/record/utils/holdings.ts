import type { Copy, CopyStatus } from '@estante/contract';

/** A place where copies are on the shelf: a library and a location in it. */
export interface ShelfSpot {
  libraryName: string;
  location: string | null;
  /** Copies on the shelf there. */
  copies: number;
}

/** What the record's holdings summary says of one library. */
export interface LibraryHoldings {
  libraryId: number;
  libraryName: string;
  total: number;
  onShelf: number;
  /** Where its copies are on the shelf (most copies first); empty when none is. */
  spots: ShelfSpot[];
  /** The locations of its copies, on the shelf or not, in the order first met. */
  locations: string[];
  /** The earliest expected return of its copies that are out (ISO day), when any is due back. */
  nextReturn: string | null;
}

/** Copies that come back to the shelf in time: a hold can wait for them. */
const AWAY: readonly CopyStatus[] = ['emprestado', 'atrasado', 'reservado', 'quarentena'];

/** The holdings of a title by library (libraries in name order), for the record's first section. */
export function summarizeHoldings(copies: readonly Copy[]): LibraryHoldings[] {
  const libraries = new Map<number, LibraryHoldings>();
  for (const copy of copies) {
    let library = libraries.get(copy.cod_biblioteca);
    if (!library) {
      library = {
        libraryId: copy.cod_biblioteca,
        libraryName: copy.desc_biblioteca,
        total: 0,
        onShelf: 0,
        spots: [],
        locations: [],
        nextReturn: null,
      };
      libraries.set(copy.cod_biblioteca, library);
    }
    library.total += 1;
    if (copy.localizacao && !library.locations.includes(copy.localizacao))
      library.locations.push(copy.localizacao);
    if (copy.situacao === 'disponivel') {
      library.onShelf += 1;
      const location = copy.localizacao || null;
      const spot = library.spots.find((s) => s.location === location);
      if (spot) spot.copies += 1;
      else library.spots.push({ libraryName: copy.desc_biblioteca, location, copies: 1 });
    } else if (
      AWAY.includes(copy.situacao) &&
      copy.data_prevista_devolucao &&
      (!library.nextReturn || copy.data_prevista_devolucao < library.nextReturn)
    ) {
      library.nextReturn = copy.data_prevista_devolucao;
    }
  }
  const result = [...libraries.values()].sort((a, b) => a.libraryName.localeCompare(b.libraryName));
  for (const library of result) library.spots.sort((a, b) => b.copies - a.copies);
  return result;
}

/** A copy's value of a choice ('' and null are the same: nothing to choose). */
const valueOf = (value: string | null) => value || null;

/**
 * Whether a copy on the shelf would serve a hold placed for `away`: the same library, and the same
 * volume, tome, part and location where `away` has one (as the circulation engine matches choices).
 */
function serves(onShelf: Copy, away: Copy): boolean {
  if (onShelf.cod_biblioteca !== away.cod_biblioteca) return false;
  return (['volume', 'tomo', 'parte', 'localizacao'] as const).every(
    (field) => valueOf(away[field]) === null || valueOf(away[field]) === valueOf(onShelf[field]),
  );
}

/**
 * What the record offers (SPEC §4: a hold is not allowed while copies are available): where to pick
 * up a copy on the shelf, and a hold only when some copy that is out has none on the shelf that
 * would serve it instead (another library, volume, tome, part or location) — the rule the
 * circulation engine applies when the hold is placed.
 */
export function holdOffer(copies: readonly Copy[]): { onShelf: ShelfSpot[]; canHold: boolean } {
  const shelf = copies.filter((copy) => copy.situacao === 'disponivel');
  const canHold = copies.some(
    (copy) => AWAY.includes(copy.situacao) && !shelf.some((onShelf) => serves(onShelf, copy)),
  );
  const onShelf = summarizeHoldings(shelf).flatMap((library) => library.spots);
  return { onShelf, canHold };
}
