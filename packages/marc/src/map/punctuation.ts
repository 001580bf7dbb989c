// ISBD separators that end a subfield: " /", " :", " ;", " =", ",".
const SEPARATORS = ',/;:=';
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/** Options of `trimPunctuation`. */
export interface TrimOptions {
  /** Keep a final period: places and publishers end in abbreviations ("Calif.", "Ltd."). */
  keepPeriod?: boolean;
}

/**
 * Removes the ISBD punctuation that ends a MARC subfield, as traject's `trim_punctuation`
 * does: a final separator, a final period after a word of three or more letters (keeping
 * initials such as "J.") or after a bracket, and square brackets at the ends when there are
 * no others inside. Written as a scan from the end (it runs on every heading of every record).
 */
export function trimPunctuation(text: string, options: TrimOptions = {}): string {
  let start = 0;
  let end = text.length;
  for (let pass = 0; pass < 4; pass += 1) {
    const before = end - start;
    while (end > start && isBlank(text.charCodeAt(end - 1))) end -= 1;
    while (start < end && isBlank(text.charCodeAt(start))) start += 1;
    if (end > start && SEPARATORS.includes(text[end - 1]!)) {
      end -= 1;
      while (end > start && isBlank(text.charCodeAt(end - 1))) end -= 1;
    }
    if (!options.keepPeriod && end - start >= 2 && text[end - 1] === '.') {
      const previous = text[end - 2]!;
      const isAfterWord =
        end - start >= 4 && isWord(text[end - 2]!) && isWord(text[end - 3]!) && isWord(text[end - 4]!);
      if (previous === ']' || previous === ')' || isAfterWord) end -= 1;
    }
    [start, end] = withoutOuterBrackets(text, start, end);
    if (end - start === before) break;
  }
  return text.slice(start, end);
}

/** Drops a '[' at the start and/or a ']' at the end when the text between holds no other bracket. */
function withoutOuterBrackets(text: string, start: number, end: number): [number, number] {
  const opens = text[start] === '[';
  const closes = text[end - 1] === ']';
  if (!opens && !closes) return [start, end];
  const innerStart = opens ? start + 1 : start;
  const innerEnd = closes ? end - 1 : end;
  if (innerEnd <= innerStart) return [start, end];
  for (let i = innerStart; i < innerEnd; i += 1) {
    const c = text[i];
    if (c === '[' || c === ']') return [start, end];
  }
  return [innerStart, innerEnd];
}

function isWord(character: string): boolean {
  return character.charCodeAt(0) < 0x80 ? /[A-Za-z0-9]/.test(character) : WORD_CHARACTER.test(character);
}

/** Whitespace, and the bidi marks that RTL records (Arabic, Hebrew 880s) put around punctuation. */
function isBlank(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x202f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
