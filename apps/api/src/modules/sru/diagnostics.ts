/**
 * SRU diagnostics (`info:srw/diagnostic/1/N`, the SRU diagnostics list) Estante answers with.
 * They travel in a 200 answer, as the standard wants, never as an HTTP error.
 */
export const DIAGNOSTICS = {
  generalError: 1,
  unsupportedOperation: 4,
  unsupportedVersion: 5,
  unsupportedParameterValue: 6,
  mandatoryParameterMissing: 7,
  unsupportedParameter: 8,
  querySyntaxError: 10,
  unsupportedParentheses: 13,
  unsupportedContextSet: 15,
  unsupportedIndex: 16,
  unsupportedIndexCombination: 18,
  unsupportedRelation: 19,
  unsupportedRelationModifier: 20,
  unsupportedRelationAndIndex: 22,
  tooManyCharactersInTerm: 23,
  unsupportedRelationAndTerm: 24,
  emptyTerm: 27,
  maskingNotSupported: 28,
  anchoringNotSupported: 31,
  termInvalidForIndex: 36,
  unsupportedBoolean: 37,
  tooManyBooleans: 38,
  unsupportedBooleanModifier: 46,
  queryFeatureUnsupported: 48,
  maskingInUnsupportedPosition: 49,
  firstRecordOutOfRange: 61,
  recordNotAvailableInSchema: 67,
  unknownSchema: 66,
  unsupportedRecordPacking: 71,
  xpathUnsupported: 72,
  sortUnsupported: 80,
  stylesheetsUnsupported: 110,
} as const;

/** One diagnostic: its number, the details the standard gives it (often the parameter), a message. */
export interface SruDiagnostic {
  code: number;
  details?: string;
  message: string;
}

/** Thrown where a request cannot be answered, to answer with its diagnostic instead. */
export class SruFailure extends Error {
  constructor(readonly diagnostic: SruDiagnostic) {
    super(diagnostic.message);
  }
}

/** Throws the diagnostic `code` with its details and message. */
export function fail(code: number, message: string, details?: string): never {
  throw new SruFailure({ code, message, ...(details !== undefined ? { details } : {}) });
}

/** The diagnostic's URI. */
export const diagnosticUri = (code: number) => `info:srw/diagnostic/1/${code}`;
