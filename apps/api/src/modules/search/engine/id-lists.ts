// Sorted lists of title ids (Int32Array, ascending), as the frequent words' title lists
// (search_term_titles, migration 0018) come from the database: read from their text form, and
// joined as the rows of a search join them (E both, OU either, NAO without).

/**
 * The words of a text as unaccent and the text search parser read them, near enough to choose
 * which searches to try on the word lists (the database tells the words exactly).
 */
export function guessWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Ids written `1,2,3` (array_to_string), as a sorted Int32Array. */
export function parseIds(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Int32Array(count);
  let n = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[n++] = value;
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  out[n] = value;
  return out;
}

/** The ids in both sorted lists, sorted. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.slice(0, n);
}

/** The ids in either sorted list, sorted. */
export function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) out[n++] = a[i++]!;
    else if (a[i]! > b[j]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.slice(0, n);
}

/** The ids of the first sorted list that are not in the second, sorted. */
export function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++;
    if (j >= b.length || b[j] !== a[i]) out[n++] = a[i]!;
  }
  return out.slice(0, n);
}
