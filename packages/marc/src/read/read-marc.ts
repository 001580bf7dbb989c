import { createReadStream } from 'node:fs';
import { TextDecoder } from 'node:util';
import type { ReadResult } from '../types.ts';
import { Iso2709Reader } from './iso2709.ts';
import { MarcXmlReader } from './marcxml.ts';

/** The two MARC serialisations the reader understands. */
export type MarcFormat = 'iso2709' | 'marcxml';

/** Options of `readMarc`. */
export interface ReadMarcOptions {
  /** Skip auto-detection (by the first non-blank byte: '<' means MARCXML). */
  format?: MarcFormat;
  /** Bytes read from the file at a time; records are never held longer than their chunk needs. */
  chunkSize?: number;
}

/** Record-by-record reader of one file, whichever its format. */
interface FormatReader {
  feed(chunk: Uint8Array): Iterable<ReadResult>;
  finish(): Iterable<ReadResult>;
}

/**
 * Reads MARC records from a file path (streamed) or a buffer, detecting ISO 2709 or MARCXML.
 * Broken records come out as `{ ok: false, reason }` in their place; reading never throws for bad data.
 */
export async function* readMarc(
  input: Uint8Array | string,
  options: ReadMarcOptions = {},
): AsyncGenerator<ReadResult> {
  if (typeof input !== 'string') {
    yield* readMarcSync(input, options);
    return;
  }
  let reader: FormatReader | null = null;
  const stream = createReadStream(input, { highWaterMark: options.chunkSize ?? 1 << 20 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    reader ??= createReader(options.format ?? detectFormat(chunk));
    yield* reader.feed(chunk);
  }
  if (reader) yield* reader.finish();
}

/** Reads MARC records from bytes already in memory; same results as `readMarc`. */
export function* readMarcSync(input: Uint8Array, options: ReadMarcOptions = {}): Generator<ReadResult> {
  // Stryker disable next-line ConditionalExpression: an empty input gives no record either way
  if (input.length === 0) return;
  const reader = createReader(options.format ?? detectFormat(input));
  yield* reader.feed(input);
  yield* reader.finish();
}

/** Tells MARCXML from ISO 2709 by the first byte that is not a byte-order mark or blank. */
export function detectFormat(bytes: Uint8Array): MarcFormat {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    // Stryker disable next-line EqualityOperator,ConditionalExpression: past the end is undefined, no blank
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  )
    i += 1;
  // Stryker disable next-line StringLiteral: createReader reads every format but 'iso2709' as MARCXML
  return bytes[i] === 0x3c ? 'marcxml' : 'iso2709';
}

function createReader(format: MarcFormat): FormatReader {
  if (format === 'iso2709') return new Iso2709Reader();
  const xml = new MarcXmlReader();
  let decoder: TextDecoder | null = null;
  return {
    *feed(chunk) {
      decoder ??= new TextDecoder(declaredEncoding(chunk));
      yield* xml.feed(decoder.decode(chunk, { stream: true }));
    },
    *finish() {
      // Stryker disable next-line ConditionalExpression: finish follows a feed, and the decoder's
      // flush holds only a character cut at the file's end, where no whole record is left to read
      if (decoder) yield* xml.feed(decoder.decode());
      yield* xml.finish();
    },
  };
}

/** The encoding named in the XML declaration (UTF-8 when absent or unknown to TextDecoder). */
function declaredEncoding(firstChunk: Uint8Array): string {
  const head = Buffer.from(
    firstChunk.buffer,
    firstChunk.byteOffset,
    Math.min(firstChunk.byteLength, 200),
  ).toString('latin1');
  const match = /^(?:\ufeff|\xef\xbb\xbf)?\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  // Stryker disable next-line StringLiteral: an empty label fails TextDecoder below and gives 'utf-8'
  const label = match?.[1] ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
    // Stryker disable next-line BlockStatement: a TextDecoder given no label decodes UTF-8 too
  } catch {
    return 'utf-8';
  }
}
