import { z } from 'zod';
import { calendarDaySchema, idSchema, textSchema } from './schemas/input.ts';

// The interest profile and the alerts of new titles: selective dissemination of information, DSI
// (SPEC §7 api/perfil-interesse; decision 0052). A patron keeps knowledge areas, authors and
// subjects, periodicals and work types, each with a validity; a daily job tells them of what the
// library catalogued that matches.

/** SPEC's tipoDSI: a knowledge area, an author or a subject (authors and subjects are authorities). */
export const DSI_TOPIC_KINDS = ['area', 'autor', 'assunto'] as const;
export const DsiTopicKindSchema = z.enum(DSI_TOPIC_KINDS);
export type DsiTopicKind = (typeof DSI_TOPIC_KINDS)[number];

/** The validity the forms offer, in days from today (info-auxiliar's validade_padrao). */
export const INTEREST_DEFAULT_VALIDITY_DAYS = 365;
/** The furthest validity accepted, in days from today. */
export const INTEREST_MAX_VALIDITY_DAYS = 5 * 366;
/** Most items of one kind one call adds, and most titles the matching list shows. */
export const INTEREST_MAX_ITEMS = 50;
export const INTEREST_MAX_TITLES = 50;

/** Translation keys of the refusals (422: the message is the key; SPEC §5, §8). */
export const INTEREST_RULE_KEYS = {
  validityPast: 'interestProfile.errors.validityPast',
  validityTooFar: 'interestProfile.errors.validityTooFar',
  journalType: 'interestProfile.errors.journalType',
  unknownItem: 'interestProfile.errors.unknownItem',
  unknownLibrary: 'interestProfile.errors.unknownLibrary',
  unknownLanguage: 'interestProfile.errors.unknownLanguage',
  searchTerm: 'interestProfile.errors.searchTerm',
} as const;

export const INTEREST_ERROR = {
  VALIDITY_PAST: { code: 'INTEREST_VALIDITY_PAST', key: INTEREST_RULE_KEYS.validityPast },
  VALIDITY_TOO_FAR: { code: 'INTEREST_VALIDITY_TOO_FAR', key: INTEREST_RULE_KEYS.validityTooFar },
  JOURNAL_TYPE: { code: 'INTEREST_JOURNAL_TYPE_REQUIRED', key: INTEREST_RULE_KEYS.journalType },
  UNKNOWN_ITEM: { code: 'INTEREST_UNKNOWN_ITEM', key: INTEREST_RULE_KEYS.unknownItem },
  UNKNOWN_LIBRARY: { code: 'INTEREST_UNKNOWN_LIBRARY', key: INTEREST_RULE_KEYS.unknownLibrary },
  UNKNOWN_LANGUAGE: { code: 'INTEREST_UNKNOWN_LANGUAGE', key: INTEREST_RULE_KEYS.unknownLanguage },
  SEARCH_TERM: { code: 'INTEREST_SEARCH_TERM', key: INTEREST_RULE_KEYS.searchTerm },
} as const;

const codeLabel = <T extends z.ZodType>(code: T) => z.object({ codigo: code, descricao: z.string() });
const LibrarySchema = codeLabel(z.number().int());
const LanguageSchema = codeLabel(z.string());

/** GET areas-interesse/info-auxiliar: what the forms offer, labels in the caller's language. */
export const InterestAuxiliarySchema = z.object({
  areas: z.array(codeLabel(z.number().int())),
  tipos_obra: z.array(codeLabel(z.string())),
  idiomas: z.array(LanguageSchema),
  bibliotecas: z.array(LibrarySchema),
  /** The validity the forms start with (today + INTEREST_DEFAULT_VALIDITY_DAYS, the library's day). */
  validade_padrao: z.string(),
  /** Today in the library (a validity must be after it). */
  hoje: z.string(),
});
export type InterestAuxiliary = z.infer<typeof InterestAuxiliarySchema>;

/** Validity of an item: the last day it is matched, after today. */
const validitySchema = () =>
  calendarDaySchema().describe('Last day the item is matched (YYYY-MM-DD, after today)');

/** One knowledge area, author or subject of the profile. */
export const InterestTopicSchema = z.object({
  /** The item's own code in the profile (what DELETE names). */
  codigo: z.number().int(),
  tipoDSI: DsiTopicKindSchema,
  /** The knowledge area's code for an area, else null. */
  codTipoArea: z.number().int().nullable(),
  /** The authority's code for an author or subject, else null. */
  cod_autoridade: z.number().int().nullable(),
  descricao: z.string(),
  validade: z.string(),
  /** The validity is past: the item is kept but no longer matched. */
  vencido: z.boolean(),
});
export type InterestTopic = z.infer<typeof InterestTopicSchema>;
export const InterestTopicsSchema = z.object({ itens: z.array(InterestTopicSchema) });
export type InterestTopics = z.infer<typeof InterestTopicsSchema>;

/** POST area-autor-assunto {tipoDSI, validade, itens}: knowledge-area or authority codes. */
export const InterestTopicsAddSchema = z.object({
  tipoDSI: DsiTopicKindSchema,
  validade: validitySchema(),
  /** Knowledge-area codes (tipoDSI area) or authority codes (autor, assunto). Kept ones get the new validity. */
  itens: z.array(idSchema()).min(1).max(INTEREST_MAX_ITEMS),
});
export type InterestTopicsAdd = z.infer<typeof InterestTopicsAddSchema>;

/** DELETE area-autor-assunto {codigo, tipoDSI, codTipoArea}. */
export const InterestTopicRemoveSchema = z.object({
  codigo: idSchema(),
  tipoDSI: DsiTopicKindSchema,
  /** For an area, its knowledge-area code (checked when given). */
  codTipoArea: idSchema().nullable().optional(),
});
export type InterestTopicRemove = z.infer<typeof InterestTopicRemoveSchema>;

/** PUT area-autor-assunto/validade: a new validity for every item of one kind, or of all. */
export const InterestTopicsValiditySchema = z.object({
  validade: validitySchema(),
  tipoDSI: DsiTopicKindSchema.optional(),
});
export type InterestTopicsValidity = z.infer<typeof InterestTopicsValiditySchema>;

/** GET area-autor-assunto/pesquisa (tipoPesquisa, termoPesquisa). */
export const InterestTopicSearchQuerySchema = z.object({
  tipoPesquisa: DsiTopicKindSchema,
  termoPesquisa: textSchema().max(200).optional(),
});
export type InterestTopicSearchQuery = z.infer<typeof InterestTopicSearchQuerySchema>;

export const InterestTopicHitSchema = z.object({
  /** The code to add: a knowledge area's or an authority's. */
  codigo: z.number().int(),
  descricao: z.string(),
  /** Titles of the catalogue under it now. */
  quantidade_titulos: z.number().int(),
});
export const InterestTopicHitsSchema = z.object({ resultados: z.array(InterestTopicHitSchema) });
export type InterestTopicHits = z.infer<typeof InterestTopicHitsSchema>;

/** One periodical of the profile: what to be told of, and where. */
export const InterestPeriodicalSchema = z.object({
  codigo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  issn: z.string().nullable(),
  validade: z.string(),
  vencido: z.boolean(),
  /** A new issue arrives. */
  fasciculo: z.boolean(),
  /** A new issue has articles listed. */
  artigo: z.boolean(),
  /** A new issue has its contents (sections) listed. */
  sumario: z.boolean(),
  /** Empty: any library. */
  bibliotecas: z.array(LibrarySchema),
});
export type InterestPeriodical = z.infer<typeof InterestPeriodicalSchema>;
export const InterestPeriodicalsSchema = z.object({ itens: z.array(InterestPeriodicalSchema) });
export type InterestPeriodicals = z.infer<typeof InterestPeriodicalsSchema>;

const libraryIdsSchema = () => z.array(idSchema()).max(100).describe('Library codes; empty: any library');

const journalFlags = {
  fasciculo: z.boolean(),
  artigo: z.boolean(),
  sumario: z.boolean(),
  bibliotecas: libraryIdsSchema().optional(),
};

/** POST periodicos {validade, itens}: periodicals (titles) with what to be told of. */
export const InterestPeriodicalsAddSchema = z.object({
  validade: validitySchema(),
  itens: z
    .array(z.object({ cod_acervo: idSchema(), ...journalFlags }))
    .min(1)
    .max(INTEREST_MAX_ITEMS),
});
export type InterestPeriodicalsAdd = z.infer<typeof InterestPeriodicalsAddSchema>;

/** PUT periodicos {codigo, validade, fasciculo, artigo, sumario, bibliotecas}. */
export const InterestPeriodicalUpdateSchema = z.object({
  codigo: idSchema(),
  validade: validitySchema(),
  ...journalFlags,
});
export type InterestPeriodicalUpdate = z.infer<typeof InterestPeriodicalUpdateSchema>;

/** DELETE periodicos / tipo-obra {codigo}. */
export const InterestItemRemoveSchema = z.object({ codigo: idSchema() });
export type InterestItemRemove = z.infer<typeof InterestItemRemoveSchema>;

/** GET periodicos/pesquisa (termoPesquisa, bibliotecas: codes separated by commas). */
export const InterestPeriodicalSearchQuerySchema = z.object({
  termoPesquisa: textSchema().max(200).optional(),
  bibliotecas: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'library codes separated by commas')
    .optional(),
});
export type InterestPeriodicalSearchQuery = z.infer<typeof InterestPeriodicalSearchQuerySchema>;

export const InterestPeriodicalHitSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  issn: z.string().nullable(),
  /** Libraries holding it. */
  bibliotecas: z.array(LibrarySchema),
});
export const InterestPeriodicalHitsSchema = z.object({ resultados: z.array(InterestPeriodicalHitSchema) });
export type InterestPeriodicalHits = z.infer<typeof InterestPeriodicalHitsSchema>;

/** One work type of the profile, in some libraries and languages. */
export const InterestWorkTypeSchema = z.object({
  codigo: z.number().int(),
  cod_tipo_obra: z.string(),
  descricao: z.string(),
  validade: z.string(),
  vencido: z.boolean(),
  bibliotecas: z.array(LibrarySchema),
  idiomas: z.array(LanguageSchema),
});
export type InterestWorkType = z.infer<typeof InterestWorkTypeSchema>;
export const InterestWorkTypesSchema = z.object({ itens: z.array(InterestWorkTypeSchema) });
export type InterestWorkTypes = z.infer<typeof InterestWorkTypesSchema>;

const workTypeScope = {
  bibliotecas: libraryIdsSchema().optional(),
  idiomas: z.array(textSchema().min(1).max(10)).max(50).optional().describe('Language codes; empty: any'),
};

/** POST tipo-obra {validade, itens}. */
export const InterestWorkTypesAddSchema = z.object({
  validade: validitySchema(),
  itens: z
    .array(z.object({ cod_tipo_obra: textSchema().min(1).max(20), ...workTypeScope }))
    .min(1)
    .max(INTEREST_MAX_ITEMS),
});
export type InterestWorkTypesAdd = z.infer<typeof InterestWorkTypesAddSchema>;

/** PUT tipo-obra {codigo, validade, bibliotecas, idiomas}. */
export const InterestWorkTypeUpdateSchema = z.object({
  codigo: idSchema(),
  validade: validitySchema(),
  ...workTypeScope,
});
export type InterestWorkTypeUpdate = z.infer<typeof InterestWorkTypeUpdateSchema>;

/** One title of the catalogue that matches the profile, with what of the profile it matched. */
export const InterestTitleSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  desc_tipo_obra: z.string(),
  /** What matched, e.g. "Gatos" — each with its kind. */
  motivos: z.array(
    z.object({ tipo: z.enum(['area', 'autor', 'assunto', 'periodico', 'tipo_obra']), descricao: z.string() }),
  ),
});
export type InterestTitle = z.infer<typeof InterestTitleSchema>;
/** GET titulos: the newest titles matching the profile's valid items (at most INTEREST_MAX_TITLES). */
export const InterestTitlesSchema = z.object({ titulos: z.array(InterestTitleSchema) });
export type InterestTitles = z.infer<typeof InterestTitlesSchema>;
