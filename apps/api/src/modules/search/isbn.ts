import { isbn10To13 } from '@estante/marc';

/** Digits (and a final X) of an ISBN/ISSN typed with or without hyphens or spaces; null when it is not one. */
export function compactIdentifier(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return /^\d{7}[\dX]$|^\d{9}[\dX]$|^\d{13}$/.test(compact) ? compact : null;
}

/** ISBN-13 form of an ISBN-10 (as the import stores it); 13-digit input is returned as is. */
export function toIsbn13(isbn: string): string {
  return isbn.length === 13 ? isbn : isbn10To13(isbn);
}

/** ISSN in its stored NNNN-NNNN form. */
export function formatIssn(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
