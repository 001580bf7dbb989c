import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/** One run of text in a reference: bold (the ABNT title) or italic, as citeproc marked it. */
export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The runs of a citeproc HTML reference: <b>/<strong> and <i>/<em> kept, every other tag dropped. */
export function referenceRuns(html: string): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  for (const part of html.split(/(<[^>]+>)/)) {
    const tag = /^<(\/?)(b|strong|i|em)\b[^>]*>$/i.exec(part);
    if (tag) {
      const step = tag[1] ? -1 : 1;
      if (/^(b|strong)$/i.test(tag[2]!)) bold = Math.max(0, bold + step);
      else italic = Math.max(0, italic + step);
    } else if (!part.startsWith('<') && part) {
      runs.push({ text: decodeEntities(part), bold: bold > 0, italic: italic > 0 });
    }
  }
  return runs;
}

/** Where a font file is: its npm package (resolved from here) and the file in the package's fonts/. */
interface FontFile {
  pkg: string;
  file: string;
}
interface FaceSet {
  regular: FontFile;
  bold: FontFile;
  italic: FontFile;
  boldItalic: FontFile;
}

/** A package's faces; without italics, italic runs use the upright faces. */
function faces(
  pkg: string,
  files: { regular: string; bold: string; italic?: string; boldItalic?: string },
): FaceSet {
  return {
    regular: { pkg, file: files.regular },
    bold: { pkg, file: files.bold },
    italic: { pkg, file: files.italic ?? files.regular },
    boldItalic: { pkg, file: files.boldItalic ?? files.bold },
  };
}
/**
 * The fonts embedded in the PDF, in fallback order (decision 0035): Noto Sans (Latin with every
 * diacritic, Greek, Cyrillic, Devanagari), Noto Naskh Arabic, Noto Sans CJK TC (Chinese, Japanese
 * kana and kanji) and Noto Sans CJK KR (Hangul). Each character takes the first font that has it.
 * Only Noto Sans has italics; the others use their upright faces for italic runs.
 */
export const FALLBACK_FONTS: readonly FaceSet[] = [
  faces('@embedpdf/fonts-latin', {
    regular: 'NotoSans-Regular.ttf',
    bold: 'NotoSans-Bold.ttf',
    italic: 'NotoSans-Italic.ttf',
    boldItalic: 'NotoSans-BoldItalic.ttf',
  }),
  faces('@embedpdf/fonts-arabic', {
    regular: 'NotoNaskhArabic-Regular.ttf',
    bold: 'NotoNaskhArabic-Bold.ttf',
  }),
  faces('@embedpdf/fonts-tc', { regular: 'NotoSansHant-Regular.otf', bold: 'NotoSansHant-Bold.otf' }),
  faces('@embedpdf/fonts-kr', { regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' }),
];

type Style = keyof FaceSet;
const styleOf = (run: { bold: boolean; italic: boolean }): Style =>
  run.bold ? (run.italic ? 'boldItalic' : 'bold') : run.italic ? 'italic' : 'regular';

const require = createRequire(import.meta.url);
const loaded = new Map<string, { data: Buffer; font: fontkit.Font }>();

/** A font file read and opened once per process (the CJK faces are about 5 MB each). */
function loadFont(file: FontFile): { data: Buffer; font: fontkit.Font } {
  const key = `${file.pkg}/${file.file}`;
  let entry = loaded.get(key);
  if (!entry) {
    // The packages export only their index; the font files sit in fonts/ beside dist/.
    const path = join(dirname(require.resolve(file.pkg)), '..', 'fonts', file.file);
    const data = readFileSync(path);
    entry = { data, font: fontkit.create(data) as fontkit.Font };
    loaded.set(key, entry);
  }
  return entry;
}

/** One stretch of text set in one font: `font` indexes FALLBACK_FONTS. */
export interface FontRun {
  text: string;
  font: number;
}

// Marks, joiners and variation selectors stay with the character before them; spaces stay with the
// run they are in, so a right-to-left title is laid out (and read back) as one run.
const STAYS = /^(?:\p{M}|\p{Zs}|\u200c|\u200d|\p{Variation_Selector})$/u;

/**
 * Splits text into runs by the first fallback font that has each character (checked on the regular
 * face). A character no font has stays in the current run (it will show as a missing glyph).
 */
export function fontRuns(text: string): FontRun[] {
  const coverage = FALLBACK_FONTS.map((set) => loadFont(set.regular).font);
  const runs: FontRun[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const last = runs.at(-1);
    let font: number;
    if (last && STAYS.test(char) && coverage[last.font]!.hasGlyphForCodePoint(code)) font = last.font;
    else {
      font = coverage.findIndex((candidate) => candidate.hasGlyphForCodePoint(code));
      if (font === -1) font = last?.font ?? 0;
    }
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** Latin, Greek and Cyrillic with their extensions, general punctuation, currency and letterlike symbols. */
const EUROPEAN: readonly [number, number][] = [
  [0x0000, 0x052f],
  [0x1d00, 0x1fff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
];
const within = (text: string, ranges: readonly [number, number][]) =>
  [...text].every((char) => {
    const code = char.codePointAt(0)!;
    return ranges.some(([from, to]) => code >= from && code <= to);
  });

/**
 * The OpenType features to lay a run out with. Latin-1 text takes pdfkit's default path (word by
 * word, cached: fast for long lists). Any other text gets its features given, which makes pdfkit
 * lay the run out whole: word by word, a right-to-left run gets its spaces in the wrong place and
 * its words run together. In European text `ccmp` is then off: Noto Sans decomposes letters such
 * as ṣ, ṃ, ẹ into the base letter + a combining mark, and pdfkit maps each glyph to one text
 * character, so the letter would read back as a plain "s". The precomposed glyphs are used instead.
 */
function featuresFor(text: string): PDFKit.Mixins.TextOptions['features'] {
  if (within(text, [[0x0000, 0x00ff]])) return undefined;
  const features: Record<string, boolean> = within(text, EUROPEAN) ? { ccmp: false } : {};
  // pdfkit hands the features to fontkit, which also takes an object of tag → on/off.
  return features as unknown as PDFKit.Mixins.TextOptions['features'];
}

/**
 * An A4 document being written: `write` sets runs of text in the fallback fonts; `end` finishes it.
 * Other documents (the catalogue sheet) are drawn with it too, so every PDF embeds the same fonts.
 */
export function startDocument(title: string): {
  doc: PDFKit.PDFDocument;
  write: (runs: readonly Run[], options: PDFKit.Mixins.TextOptions) => void;
  end: () => Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 85, left: 85, bottom: 57, right: 57 },
    info: { Title: title, Producer: 'Estante' },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const registered = new Set<string>();
  // Each face is registered under its own name, and only the faces the text uses are embedded
  // (pdfkit embeds a subset of the glyphs used, so the file stays small).
  const write = (runs: readonly Run[], options: PDFKit.Mixins.TextOptions) => {
    const pieces = runs.flatMap((run) =>
      fontRuns(run.text).map((piece) => ({ ...piece, style: styleOf(run) })),
    );
    pieces.forEach((piece, index) => {
      const file = FALLBACK_FONTS[piece.font]![piece.style];
      const name = `${file.pkg}/${file.file}`;
      if (!registered.has(name)) {
        doc.registerFont(name, loadFont(file).data);
        registered.add(name);
      }
      doc.font(name).text(piece.text, {
        ...options,
        continued: index < pieces.length - 1,
        features: featuresFor(piece.text),
      });
    });
  };
  return {
    doc,
    write,
    end: () => {
      doc.end();
      return done;
    },
  };
}

/**
 * The ABNT references as an A4 PDF with pdfkit: a heading, then one paragraph per reference, left
 * aligned and single-spaced with a blank line between (NBR 6023:2018 9.1), the title in bold.
 */
export function referencesPdf(options: { heading: string; references: readonly string[] }): Promise<Buffer> {
  const { doc, write, end } = startDocument(options.heading);
  doc.fontSize(14);
  write([{ text: options.heading, bold: true, italic: false }], { align: 'left' });
  doc.moveDown();
  doc.fontSize(12);
  for (const html of options.references) {
    write(referenceRuns(html), { align: 'left' });
    doc.moveDown();
  }
  return end();
}

/** One section of a plain document: a bold heading, then its lines (plain text, any script). */
export interface DocumentSection {
  heading: string;
  lines: readonly string[];
}

/**
 * A readable A4 document with the same fonts as the references (decision 0035): a title, an
 * introduction, then each section with its heading in bold and its lines below.
 */
export function sectionsPdf(options: {
  title: string;
  intro: readonly string[];
  sections: readonly DocumentSection[];
}): Promise<Buffer> {
  const { doc, write, end } = startDocument(options.title);
  const plain = (text: string): Run[] => [{ text, bold: false, italic: false }];
  doc.fontSize(16);
  write([{ text: options.title, bold: true, italic: false }], { align: 'left' });
  doc.moveDown(0.5);
  doc.fontSize(10);
  for (const line of options.intro) write(plain(line), { align: 'left' });
  for (const section of options.sections) {
    doc.moveDown();
    doc.fontSize(12);
    write([{ text: section.heading, bold: true, italic: false }], { align: 'left' });
    doc.fontSize(10);
    for (const line of section.lines) write(plain(line), { align: 'left' });
  }
  return end();
}
