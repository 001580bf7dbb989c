import type { ShelfPlace } from '@estante/contract';

/** Places a result line names; the others are counted ("+N"). */
export const SHELF_PLACES_SHOWN = 2;

/** One place as the line writes it: library — location — call number (each when known). */
export function shelfPlaceText(place: ShelfPlace): string {
  return [place.desc_biblioteca, place.localizacao, place.numero_chamada]
    .filter((part): part is string => Boolean(part))
    .join(' — ');
}

/**
 * What a result line says about where its copies are on the shelf (decision 0070): the first places
 * (the server puts the one with most copies first) and how many more there are.
 */
export function shelfSummary(places: readonly ShelfPlace[]): { shown: string[]; more: number } {
  return {
    shown: places.slice(0, SHELF_PLACES_SHOWN).map(shelfPlaceText),
    more: Math.max(0, places.length - SHELF_PLACES_SHOWN),
  };
}
