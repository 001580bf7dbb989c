/**
 * Work types (SPEC §3 cod_tipo_obra): the codes the mapping gives. Their names in each language are
 * the catalogue's (the work_type table, migration 0001), which the API reads.
 */
export const WORK_TYPES = [
  'LIVRO',
  'EBOOK',
  'PERIODICO',
  'ARTIGO',
  'TESE',
  'MUSICA_GRAVADA',
  'GRAVACAO_SONORA',
  'PARTITURA',
  'MAPA',
  'VIDEO',
  'ARQUIVO_COMPUTADOR',
  'MANUSCRITO',
  'MATERIAL_MISTO',
  'OBJETO',
  'KIT',
  'IMAGEM',
  'ATO_NORMATIVO',
  'JURISPRUDENCIA',
  'OUTRO',
] as const;

/** One of the WORK_TYPES codes. */
export type WorkType = (typeof WORK_TYPES)[number];

/**
 * Leader/06 (type of record) → work type. Language material (a) is not here: its type comes from
 * the bibliographic level and the fields (book, e-book, serial, article, thesis; map-title.ts).
 */
export const WORK_TYPE_BY_RECORD_TYPE: Readonly<Record<string, WorkType>> = {
  t: 'MANUSCRITO',
  c: 'PARTITURA',
  d: 'PARTITURA',
  e: 'MAPA',
  f: 'MAPA',
  g: 'VIDEO',
  i: 'GRAVACAO_SONORA',
  j: 'MUSICA_GRAVADA',
  k: 'IMAGEM',
  m: 'ARQUIVO_COMPUTADOR',
  o: 'KIT',
  p: 'MATERIAL_MISTO',
  r: 'OBJETO',
};

/** Koha's default MARC 21 item types (942 $c), used only when leader/06 is blank. */
export const WORK_TYPE_BY_KOHA_ITEM_TYPE: Readonly<Record<string, WorkType>> = {
  BK: 'LIVRO',
  CR: 'PERIODICO',
  MP: 'MAPA',
  VM: 'VIDEO',
  CF: 'ARQUIVO_COMPUTADOR',
  MX: 'MATERIAL_MISTO',
  EBOOK: 'EBOOK',
};
