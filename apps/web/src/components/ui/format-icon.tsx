import classes from './ui.module.css';

/** The kinds of material a format icon draws; several work types share one. */
export type FormatKind =
  | 'book'
  | 'ebook'
  | 'accessible'
  | 'periodical'
  | 'thesis'
  | 'score'
  | 'map'
  | 'video'
  | 'audio'
  | 'file'
  | 'manuscript'
  | 'image'
  | 'law'
  | 'object';

/** Work type code (SearchHit.cod_tipo_obra) → the icon it gets; an unknown type is a book. */
const KIND_OF_WORK_TYPE: Record<string, FormatKind> = {
  LIVRO: 'book',
  EBOOK: 'ebook',
  PERIODICO: 'periodical',
  ARTIGO: 'periodical',
  TESE: 'thesis',
  PARTITURA: 'score',
  MAPA: 'map',
  VIDEO: 'video',
  GRAVACAO_SONORA: 'audio',
  MUSICA_GRAVADA: 'audio',
  AUDIOLIVRO: 'audio',
  ARQUIVO_COMPUTADOR: 'file',
  MANUSCRITO: 'manuscript',
  IMAGEM: 'image',
  ATO_NORMATIVO: 'law',
  JURISPRUDENCIA: 'law',
  MATERIAL_MISTO: 'object',
  OBJETO: 'object',
  KIT: 'object',
};

/**
 * The icon of a title's format: from its work type, except that a printed book in an accessible
 * format (braille, large print: possui_acessibilidade) gets the accessible-edition icon.
 */
export function formatKind(workType: string | null, isAccessible: boolean): FormatKind {
  const kind = (workType && KIND_OF_WORK_TYPE[workType]) || 'book';
  return kind === 'book' && isAccessible ? 'accessible' : kind;
}

// Simple 24×24 line drawings, stroked in the text colour so every colour scheme keeps them legible.
const SHAPES: Record<FormatKind, string> = {
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21a2 2 0 0 1 2-2h13v2H6M8 7h7',
  ebook:
    'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM6 18h12M11 20h2M9 6h6M9 9h6',
  accessible:
    'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21a2 2 0 0 1 2-2h13v2H6M9 7h.01M13 7h.01M9 11h.01M13 11h.01M9 15h.01',
  periodical: 'M5 3h11l3 3v15H5zM8 8h8M8 12h8M8 16h5',
  thesis: 'M6 3h12v18H6zM9 7h6M9 11h6M12 15l1.5 3h-3z',
  score:
    'M9 18V5l10-2v13M9 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zM19 16a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  map: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15',
  video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
  audio: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z',
  file: 'M6 2h8l4 4v16H6zM14 2v4h4M9 13h6M9 17h6',
  manuscript: 'M5 4h14v16H5zM8 9c2-2 3 2 5 0s3 2 3 2M8 14c2-2 3 2 5 0',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01',
  law: 'M12 3v18M6 21h12M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z',
  object: 'M12 2l9 5v10l-9 5-9-5V7zM3 7l9 5 9-5M12 12v10',
};

/** A format's icon, decorative: the work type's text beside it says what it is. */
export function FormatIcon({ kind, size = 18 }: { kind: FormatKind; size?: number }) {
  return (
    <svg
      className={classes.formatIcon}
      data-format={kind}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={SHAPES[kind]} />
    </svg>
  );
}
