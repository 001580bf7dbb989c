export type {
  MarcField,
  MarcRecord,
  MarcSubfield,
  ReadBroken,
  ReadOk,
  ReadResult,
  RecordPosition,
} from './types.ts';
export {
  readMarc,
  readMarcSync,
  detectFormat,
  type MarcFormat,
  type ReadMarcOptions,
} from './read/read-marc.ts';
export { classify, type RecordKind } from './map/classify.ts';
export {
  mapTitle,
  type MappedAuthor,
  type MappedCopy,
  type MappedSubject,
  type MappedTitle,
  type MappingError,
  type NameKind,
  type OnlineLink,
  type SubjectKind,
} from './map/map-title.ts';
export { additionalTitles, type AdditionalTitle, type AdditionalTitleKind } from './map/additional-titles.ts';
export { imageLinks, type ImageLink } from './map/image-links.ts';
export {
  mapAuthority,
  AUTHORITY_TYPE_BY_TAG,
  type AuthorityType,
  type MappedAuthority,
} from './map/map-authority.ts';
export { mapHoldings, type MappedHoldings } from './map/map-holdings.ts';
export {
  acquisitionDateOf,
  acquisitionModeOf,
  acquisitionPriceOf,
  type AcquisitionMode,
  type CopyAcquisition,
} from './map/acquisition.ts';
export { WORK_TYPES, type WorkType } from './map/work-types.ts';
export {
  NORMATIVE_ACT_KINDS,
  parseActDesignation,
  type MappedArchive,
  type MappedCaseLaw,
  type MappedNormativeAct,
  type NormativeActKind,
} from './map/special-materials.ts';
export {
  readIsbn,
  readIssn,
  isbn10To13,
  isValidIsbn10,
  isValidIsbn13,
  type IsbnReading,
} from './map/isbn.ts';
export { trimPunctuation } from './map/punctuation.ts';
export { marcView } from './views/marc-view.ts';
export { toDublinCore, type DublinCoreElement } from './views/dublin-core.ts';
export {
  toMarcXml,
  toMarcXmlCollection,
  toMarcXmlRecord,
  escapeXml,
  MARCXML_NAMESPACE,
} from './views/marc-xml.ts';
export { toIso2709 } from './views/iso2709-writer.ts';
export {
  buildRecord,
  type BuildAuthor,
  type BuildCopy,
  type BuildRecordInput,
} from './views/build-record.ts';
export { abntReference } from './views/abnt-reference.ts';
export {
  contentsNotes,
  type ContentsCompleteness,
  type ContentsItem,
  type ContentsNote,
} from './views/contents.ts';
export {
  formatReference,
  REFERENCE_STYLES,
  type FormatReferenceOptions,
  type FormattedReference,
  type ReferenceStyle,
} from './views/references/format-reference.ts';
export {
  exportCitations,
  CITATION_FORMATS,
  type CitationFormat,
} from './views/references/export-citations.ts';
export { toCsl, type CslDate, type CslItem, type CslName, type CslType } from './views/references/to-csl.ts';
export { decodeMarc8, looksLikeUtf8 } from './marc8/index.ts';
