/** One subfield of a data field: its one-character code and its text (Unicode NFC). */
export interface MarcSubfield {
  /** Subfield code, usually one lower-case letter or digit. */
  code: string;
  /** Subfield text, Unicode NFC. */
  value: string;
}

/** A MARC field: control fields (001–009) carry `value`, data fields carry indicators and subfields. */
export interface MarcField {
  /** Three-character tag (`245`, `880`, and local tags such as `FMT` are kept as read). */
  tag: string;
  /** Control-field text; absent on data fields. */
  value?: string;
  /** First indicator (one character, blank is a space); absent on control fields. */
  ind1?: string;
  /** Second indicator (one character, blank is a space); absent on control fields. */
  ind2?: string;
  /** Subfields in record order; absent on control fields. */
  subfields?: MarcSubfield[];
}

/** A MARC 21 record as read: leader (24 characters, position 09 set to 'a') and fields in record order. */
export interface MarcRecord {
  /** Leader; position 09 is 'a' because every string is Unicode after reading. */
  leader: string;
  /** Fields in the order they appear in the record; repeated non-repeatable fields are kept. */
  fields: MarcField[];
}

/** Where a record came from in its file, for reports. */
export interface RecordPosition {
  /** 1-based number of the record in the file (broken records are counted too). */
  position: number;
  /** Byte offset of the record's first byte (ISO 2709 only). */
  byteOffset?: number;
  /** 1-based line of the record's start tag (MARCXML only). */
  line?: number;
}

/** A record that was read; `warnings` lists what was wrong but repairable (wrong leader/09, wrong length). */
export interface ReadOk extends RecordPosition {
  /** The record was read. */
  ok: true;
  /** The record, all strings Unicode NFC. */
  record: MarcRecord;
  /** Repairs made while reading, in plain English; empty when the record was clean. */
  warnings: string[];
}

/** A record that could not be read; it is skipped and reading goes on with the next one. */
export interface ReadBroken extends RecordPosition {
  /** The record was skipped. */
  ok: false;
  /** Why the record was skipped, in plain English (shown to the librarian who imports the file). */
  reason: string;
}

/** One entry of `readMarc`: a record, or the report of a broken one. */
export type ReadResult = ReadOk | ReadBroken;
