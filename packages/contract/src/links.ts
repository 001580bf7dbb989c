import { z } from 'zod';
import { idSchema, queryIdSchema } from './schemas/input.ts';
import { OnlineLinkSchema } from './schemas/title.ts';

/** Most titles one result-line call answers for: the largest result page (PAGE_SIZES). */
export const MAX_RESULT_LINE_TITLES = 100;

/**
 * `acervos=1,2,3`: the titles of a result page, comma-separated (a repeated parameter is read the
 * same way); repeats are dropped.
 */
export const TitleIdsQuerySchema = z.object({
  acervos: z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z
      .string()
      .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'search.titleIds.invalid')
      .transform((raw) => [...new Set(raw.split(',').map((part) => Number(part.trim())))])
      .pipe(z.array(idSchema()).min(1).max(MAX_RESULT_LINE_TITLES)),
  ),
});
export type TitleIdsQuery = z.input<typeof TitleIdsQuerySchema>;

/** Kinds of additional title: uniform (130/240), translated (242), varying form (246), added (740). */
export const ADDITIONAL_TITLE_TYPES = ['uniforme', 'traduzido', 'variante', 'adicional'] as const;
export type AdditionalTitleType = (typeof ADDITIONAL_TITLE_TYPES)[number];

export const AdditionalTitleSchema = z.object({
  tipo: z.enum(ADDITIONAL_TITLE_TYPES),
  titulo: z.string(),
  /** How the record introduces a varying title (246 $i), e.g. "Title within map border". */
  rotulo: z.string().nullable(),
  /** Language of a translated title (242 $y, MARC code). */
  idioma: z.string().nullable(),
});
export type AdditionalTitle = z.infer<typeof AdditionalTitleSchema>;

/** GET /consulta/titulos-adicionais: per title asked for (unknown ones left out), its other titles. */
export const AdditionalTitlesResponseSchema = z.array(
  z.object({ cod_acervo: z.number().int(), titulos: z.array(AdditionalTitleSchema) }),
);
export type AdditionalTitlesResponse = z.infer<typeof AdditionalTitlesResponseSchema>;

/**
 * Where a title's copies are on the shelf: one library and location, with the title's call number
 * and how many copies of it are there (decision 0070).
 */
export const ShelfPlaceSchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  /** The copies' location in the library (a room, a shelf); null when the copies have none. */
  localizacao: z.string().nullable(),
  numero_chamada: z.string().nullable(),
  /** Copies on the shelf at this place (at least 1). */
  quantidade: z.number().int(),
});
export type ShelfPlace = z.infer<typeof ShelfPlaceSchema>;

/** GET /vinculos/links-resultado: per title asked for (unknown ones left out), its online links. */
export const ResultLinksResponseSchema = z.array(
  z.object({
    cod_acervo: z.number().int(),
    links: z.array(OnlineLinkSchema),
    /** How many image links /vinculos/imagem has for the title (its cover included). */
    imagens: z.number().int(),
    /** Its cover by ISBN (GET /vinculos/capa-isbn/{isbn}) when the institution names a provider; else null. */
    capa_isbn: z.string().nullable(),
    /**
     * Where its copies are on the shelf now, the place with most copies first, then by library
     * and location name; empty when none is (decision 0070).
     */
    disponivel_em: z.array(ShelfPlaceSchema),
  }),
);
export type ResultLinksResponse = z.infer<typeof ResultLinksResponseSchema>;

/** An ISBN as the cover provider takes it: 10 or 13 characters, digits (and a final X), no hyphens. */
export const IsbnCoverParamsSchema = z.object({ isbn: z.string().regex(/^(\d{13}|\d{9}[\dX])$/) });

/** An ISBN as a record writes it ("85-359-0277-5 (broch.)") → as the provider takes it, or null. */
export function coverIsbn(value: string): string | null {
  const compact = (value.toUpperCase().split('(')[0] ?? '').replace(/[\s-]/g, '');
  return /^(\d{13}|\d{9}[\dX])/.exec(compact)?.[1] ?? null;
}

/** Most image links one /vinculos/imagem call gives, and how many when `limite` is left out. */
export const MAX_IMAGE_LINKS = 50;
export const DEFAULT_IMAGE_LINKS = 10;

/** GET /vinculos/imagem query. */
export const TitleImagesQuerySchema = z.object({
  cod_acervo: queryIdSchema(),
  limite: z.coerce.number().int().min(1).max(MAX_IMAGE_LINKS).default(DEFAULT_IMAGE_LINKS),
});
export type TitleImagesQuery = z.input<typeof TitleImagesQuerySchema>;

/** An image of a title: its cover (856 $3 Capa…) or another picture linked from 856. */
export const ImageLinkSchema = z.object({
  url: z.string(),
  descricao: z.string().nullable(),
  capa: z.boolean(),
});
export type ImageLink = z.infer<typeof ImageLinkSchema>;

/** GET /vinculos/imagem answer: the cover first, at most `limite` links. */
export const TitleImagesResponseSchema = z.array(ImageLinkSchema);
