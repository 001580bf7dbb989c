/** Copy statuses. */
export const COPY_STATUSES = [
  'disponivel',
  'emprestado',
  'reservado',
  'quarentena',
  'atrasado',
  'consulta_local',
  'extraviado',
  'em_processamento',
] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

/** Reference formats: ABNT NBR 6023:2018, APA 7, Chicago 17 author-date, MLA 9. */
export const REFERENCE_FORMATS = ['ABNT', 'APA', 'CHICAGO', 'MLA'] as const;
export type ReferenceFormat = (typeof REFERENCE_FORMATS)[number];
