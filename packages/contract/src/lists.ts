import { z } from 'zod';
import { calendarDaySchema, idSchema, queryIdSchema, textSchema } from './schemas/input.ts';

// Saved lists (decision 0043): the permanent basket (SPEC §7 /acervo/cesta-permanente) and the
// patron's named lists, private or shared by a link; and the library's databases (SPEC §7
// GET /acervo/meu-pergamum/bases-dados).

/** Most titles one list holds (the export takes at most BASKET_EXPORT_MAX_TITLES at a time). */
export const LIST_MAX_TITLES = 500;
/** Most named lists one patron keeps, beside the permanent basket. */
export const LIST_MAX_LISTS = 50;
/** Longest list name. */
export const LIST_NAME_MAX = 80;

/** Titles given at once: POST /acervo/cesta-permanente {acervos} and the lists' own add call. */
export const ListTitlesBodySchema = z.object({
  /** The titles, by cod_acervo; repeats count once. */
  acervos: z.array(idSchema()).min(1).max(200),
});
export type ListTitlesBody = z.infer<typeof ListTitlesBodySchema>;

/** SPEC §7 PUT /acervo/cesta-permanente {acervo}: takes this title out of the permanent basket. */
export const PermanentBasketRemoveSchema = z.object({ acervo: idSchema() });
export type PermanentBasketRemove = z.infer<typeof PermanentBasketRemoveSchema>;

/** `tipoBusca` of the permanent basket: T every title, P those saved within dataIni–dataFim. */
export const PERMANENT_BASKET_SEARCH_TYPES = ['T', 'P'] as const;

/** SPEC §7 GET /acervo/cesta-permanente/colecao (tipoBusca, dataIni, dataFim). */
export const PermanentBasketQuerySchema = z.object({
  /** T (default): every title; P: the titles saved from dataIni to dataFim (either may be left out). */
  tipoBusca: z.enum(PERMANENT_BASKET_SEARCH_TYPES).optional(),
  dataIni: calendarDaySchema().optional(),
  dataFim: calendarDaySchema().optional(),
});
export type PermanentBasketQuery = z.infer<typeof PermanentBasketQuerySchema>;

/** One title of a list, with what a line shows. */
export const ListItemSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  /** When it was saved (ISO date-time). */
  data_inclusao: z.string(),
});
export type ListItem = z.infer<typeof ListItemSchema>;

/** SPEC §3 Basket (itens, each with cod_acervo): the permanent basket's titles, oldest first. */
export const PermanentBasketSchema = z.object({
  itens: z.array(ListItemSchema),
  /** Ids asked to be added that the catalogue does not have (left out, nothing else refused). */
  desconhecidos: z.array(z.number().int()).optional(),
});
export type PermanentBasket = z.infer<typeof PermanentBasketSchema>;

/** A list as its owner sees it in the overview. */
export const ListSummarySchema = z.object({
  codigo: z.number().int(),
  /** The permanent basket's name is null: the web names it in the patron's language. */
  nome: z.string().nullable(),
  cesta_permanente: z.boolean(),
  quantidade: z.number().int(),
  /** The share token while the list is shared by link, else null. */
  token_compartilhamento: z.string().nullable(),
});
export type ListSummary = z.infer<typeof ListSummarySchema>;

/** GET /acervo/listas: the permanent basket first, then the named lists by name. */
export const ListsSchema = z.object({ listas: z.array(ListSummarySchema) });
export type Lists = z.infer<typeof ListsSchema>;

/** One list with its titles (GET /acervo/listas/{id}). */
export const ListDetailSchema = ListSummarySchema.extend({ itens: z.array(ListItemSchema) });
export type ListDetail = z.infer<typeof ListDetailSchema>;

/** A shared list as anyone with its link reads it: its name and titles, nothing about its owner. */
export const SharedListSchema = z.object({
  nome: z.string().nullable(),
  cesta_permanente: z.boolean(),
  itens: z.array(ListItemSchema.omit({ data_inclusao: true })),
});
export type SharedList = z.infer<typeof SharedListSchema>;

/** A list's name: trimmed, 1 to LIST_NAME_MAX characters. */
const listNameSchema = () => textSchema().trim().min(1).max(LIST_NAME_MAX);

/** POST /acervo/listas {nome}. */
export const CreateListSchema = z.object({ nome: listNameSchema() });
export type CreateList = z.infer<typeof CreateListSchema>;

/** PUT /acervo/listas/{id}: rename, and/or share by link (true) or stop sharing (false). */
export const UpdateListSchema = z.object({
  nome: listNameSchema().optional(),
  compartilhada: z.boolean().optional(),
});
export type UpdateList = z.infer<typeof UpdateListSchema>;

/** Path of one list. */
export const ListParamsSchema = z.object({ id: queryIdSchema() });
/** Path of one title of one list. */
export const ListTitleParamsSchema = z.object({ id: queryIdSchema(), acervo: queryIdSchema() });
/** Path of a shared list: its token (URL-safe base64 of 24 random bytes). */
export const SharedListParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

/** The 422 refusals of lists; the message is the translation key. */
export const LIST_ERROR = {
  DATE_RANGE: { code: 'DATE_RANGE', key: 'lists.errors.dateRange' },
  BASKET_KEPT: { code: 'LIST_IS_PERMANENT_BASKET', key: 'lists.errors.basketKept' },
  NAME_TAKEN: { code: 'LIST_NAME_TAKEN', key: 'lists.errors.nameTaken' },
  TOO_MANY_LISTS: { code: 'LIST_TOO_MANY', key: 'lists.errors.tooManyLists' },
  FULL: { code: 'LIST_FULL', key: 'lists.errors.full' },
} as const;

/** One of the library's databases (SPEC §7 GET /acervo/meu-pergamum/bases-dados). */
export const ResearchDatabaseSchema = z.object({
  codigo: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  /** Knowledge areas it covers. */
  areas: z.array(z.string()),
  /** Where to open it: a subscribed one through the institution's proxy prefix when one is set. */
  link: z.string(),
  /** Subscribed by the library (true) or open to anyone (false). */
  assinada: z.boolean(),
  /** Whether the link goes through the institution's proxy (remote access off campus). */
  acesso_remoto: z.boolean(),
});
export type ResearchDatabase = z.infer<typeof ResearchDatabaseSchema>;

/** SPEC §7 GET /acervo/meu-pergamum/bases-dados: subscribed ones first, then open ones, by name. */
export const ResearchDatabasesSchema = z.object({ bases: z.array(ResearchDatabaseSchema) });
export type ResearchDatabases = z.infer<typeof ResearchDatabasesSchema>;
