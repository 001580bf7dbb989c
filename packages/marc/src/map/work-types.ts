/** Work types (SPEC §3 cod_tipo_obra), with the translation key and the texts for the i18n package. */
export const WORK_TYPES = [
  { code: 'LIVRO', labelKey: 'workType.LIVRO', pt: 'Livro', en: 'Book', es: 'Libro' },
  {
    code: 'EBOOK',
    labelKey: 'workType.EBOOK',
    pt: 'Livro eletrônico',
    en: 'E-book',
    es: 'Libro electrónico',
  },
  {
    code: 'PERIODICO',
    labelKey: 'workType.PERIODICO',
    pt: 'Periódico',
    en: 'Serial',
    es: 'Publicación periódica',
  },
  { code: 'ARTIGO', labelKey: 'workType.ARTIGO', pt: 'Artigo', en: 'Article', es: 'Artículo' },
  {
    code: 'TESE',
    labelKey: 'workType.TESE',
    pt: 'Tese / dissertação',
    en: 'Thesis / dissertation',
    es: 'Tesis',
  },
  {
    code: 'MUSICA_GRAVADA',
    labelKey: 'workType.MUSICA_GRAVADA',
    pt: 'Música gravada',
    en: 'Music recording',
    es: 'Grabación musical',
  },
  {
    code: 'GRAVACAO_SONORA',
    labelKey: 'workType.GRAVACAO_SONORA',
    pt: 'Gravação sonora',
    en: 'Sound recording',
    es: 'Grabación sonora',
  },
  { code: 'PARTITURA', labelKey: 'workType.PARTITURA', pt: 'Partitura', en: 'Score', es: 'Partitura' },
  { code: 'MAPA', labelKey: 'workType.MAPA', pt: 'Mapa', en: 'Map', es: 'Mapa' },
  { code: 'VIDEO', labelKey: 'workType.VIDEO', pt: 'Vídeo', en: 'Video', es: 'Vídeo' },
  {
    code: 'ARQUIVO_COMPUTADOR',
    labelKey: 'workType.ARQUIVO_COMPUTADOR',
    pt: 'Arquivo de computador',
    en: 'Computer file',
    es: 'Archivo de computadora',
  },
  {
    code: 'MANUSCRITO',
    labelKey: 'workType.MANUSCRITO',
    pt: 'Manuscrito',
    en: 'Manuscript',
    es: 'Manuscrito',
  },
  {
    code: 'MATERIAL_MISTO',
    labelKey: 'workType.MATERIAL_MISTO',
    pt: 'Material misto',
    en: 'Mixed materials',
    es: 'Materiales mixtos',
  },
  { code: 'OBJETO', labelKey: 'workType.OBJETO', pt: 'Objeto', en: 'Object', es: 'Objeto' },
  { code: 'KIT', labelKey: 'workType.KIT', pt: 'Kit', en: 'Kit', es: 'Kit' },
  { code: 'IMAGEM', labelKey: 'workType.IMAGEM', pt: 'Imagem', en: 'Image', es: 'Imagen' },
  {
    code: 'ATO_NORMATIVO',
    labelKey: 'workType.ATO_NORMATIVO',
    pt: 'Ato normativo',
    en: 'Normative act',
    es: 'Acto normativo',
  },
  {
    code: 'JURISPRUDENCIA',
    labelKey: 'workType.JURISPRUDENCIA',
    pt: 'Jurisprudência',
    en: 'Case law',
    es: 'Jurisprudencia',
  },
  { code: 'OUTRO', labelKey: 'workType.OUTRO', pt: 'Outro', en: 'Other', es: 'Otro' },
] as const;

/** One of the WORK_TYPES codes. */
export type WorkType = (typeof WORK_TYPES)[number]['code'];

/** Leader/06 (type of record) → work type; language material (a) is refined by level and fields. */
export const WORK_TYPE_BY_RECORD_TYPE: Readonly<Record<string, WorkType>> = {
  a: 'LIVRO',
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
