import { readIsbn, readIssn } from '@estante/marc';

/**
 * The key a suggestion's ISBN/ISSN is matched on against catalogued records: the ISBN-13 (an
 * ISBN-10 turned into it), as title.isbn keeps it, or the ISSN as NNNN-NNNN, as title.issn keeps
 * it; null when the number is missing or has a wrong check digit.
 */
export function suggestionMatchKey(isbnOrIssn: string | null | undefined): string | null {
  const text = isbnOrIssn?.trim();
  if (!text) return null;
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length === 8) return readIssn(text);
  return readIsbn(text)?.isbn13 ?? null;
}
