/** What one 020 subfield holds once normalised. */
export interface IsbnReading {
  /** Digits and X only, as found (10 or 13 characters when well formed). */
  normalized: string;
  /** The ISBN-13 form when the check digit is right, else null. */
  isbn13: string | null;
  /** The ISBN-10 the source gave, when it gave one with a right check digit. */
  isbn10: string | null;
}

// Digits grouped by single hyphens or spaces, possibly ending in X ("85-333-0227-3", "0 19 852663 6").
const GROUPED_DIGITS = /\d(?:[ -]?\d)*(?:[ -]?X)?/;

/** Normalises an ISBN as catalogued ("85-333-0227-3 (broch.)") and checks it; null when there is no digit. */
export function readIsbn(text: string): IsbnReading | null {
  const upper = text.toUpperCase();
  // Usually the first word holding a digit is the number ("0440487331pbk.", "(0373197527").
  const token = upper.split(/\s+/).find((word) => /\d/.test(word));
  if (token === undefined) return null;
  const normalized = token.replace(/[^\dX]/g, '');
  const checked = check(normalized);
  if (checked.isbn13 !== null) return checked;
  const grouped = GROUPED_DIGITS.exec(upper)?.[0].replace(/[ -]/g, '');
  if (grouped !== undefined && grouped !== normalized) {
    const regrouped = check(grouped);
    if (regrouped.isbn13 !== null) return regrouped;
  }
  return checked;
}

function check(normalized: string): IsbnReading {
  if (normalized.length === 10 && isValidIsbn10(normalized)) {
    return { normalized, isbn13: isbn10To13(normalized), isbn10: normalized };
  }
  if (normalized.length === 13 && isValidIsbn13(normalized))
    return { normalized, isbn13: normalized, isbn10: null };
  return { normalized, isbn13: null, isbn10: null };
}

/** True when a 10-character ISBN has the right mod-11 check digit. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const c = isbn[i]!;
    sum += (c === 'X' ? 10 : Number(c)) * (10 - i);
  }
  return sum % 11 === 0;
}

/** True when a 13-digit ISBN starts with 978/979 and has the right mod-10 check digit. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  return ean13CheckDigit(isbn.slice(0, 12)) === isbn[12];
}

/** Converts a valid ISBN-10 to its ISBN-13 (prefix 978, new check digit). */
export function isbn10To13(isbn10: string): string {
  const stem = `978${isbn10.slice(0, 9)}`;
  return stem + ean13CheckDigit(stem);
}

function ean13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** Normalises an ISSN to NNNN-NNNN when it has 8 characters and the right check digit, else null. */
export function readIssn(text: string): string | null {
  const match = /\d{4}\s*-?\s*\d{3}[\dX]/i.exec(text);
  if (!match) return null;
  const digits = match[0].replace(/[\s-]/g, '').toUpperCase();
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(digits[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  if ((check === 10 ? 'X' : String(check)) !== digits[7]) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}
