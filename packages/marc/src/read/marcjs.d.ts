// Types for the parts of marcjs 3.0.2 (CommonJS, untyped) that packages/marc uses.
declare module 'marcjs' {
  import type { Duplex } from 'node:stream';

  /** marcjs field: [tag, value] for control fields, [tag, indicators, code, value, code, value…] otherwise. */
  export type MarcjsField = string[];

  /** marcjs record: leader and fields as flat string arrays. */
  export class Record {
    leader: string;
    fields: MarcjsField[];
  }

  /** ISO 2709 parser; `parse` reads one record from a buffer (it calls `toString('utf8', start, end)` on it). */
  export class Iso2709Parser {
    static parse(data: { toString(encoding: 'utf8', start: number, end: number): string }): Record;
  }

  /** ISO 2709 writer; `format` returns the record as a string whose UTF-8 bytes are the ISO 2709 record. */
  export class Iso2709Formater {
    static format(record: { leader: string; fields: MarcjsField[] }): string;
  }

  /** Streams: `createStream('iso2709' | 'marcxml', 'parser')` takes bytes and gives `Record`s. */
  export const Marc: {
    createStream(type: 'iso2709' | 'marcxml', what: 'parser'): Duplex;
  };
}
