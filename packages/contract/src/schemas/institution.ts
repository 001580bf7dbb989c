import { z } from 'zod';
import { COMMENT_MAX_LENGTH, isValidIsbnOrIssn, SEARCH_TABS, SUGGESTION_FIELD_MAX } from '../institution.ts';
import { calendarDaySchema, idSchema, multilineTextSchema, textSchema } from './input.ts';

/** Institution data (SPEC §3), public configuration. */
export const InstitutionSchema = z.object({
  codEmpresa: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  usaOIDC: z.boolean(),
  /** Whether the institution signs in through SAML 2.0 single sign-on (decision 0018); the server needs SAML_* set. */
  usaSAML: z.boolean(),
  /** Whether the sign-in asks for the patron's category with the login (SPEC §2 "for one specific institution"). */
  login_pede_categoria: z.boolean(),
  /** Whether sign-in needs person lookup: username first, then the person (when several) and password (SPEC §4). */
  login_consulta_pessoa: z.boolean(),
  destino_padrao_login_catalogo: z.boolean(),
  denominacao_login: z.string().nullable(),
  msg_login: z.string().nullable(),
  link_logout_OIDC: z.string().nullable(),
  link_logout_saml: z.string().nullable(),
  tema: z.string(),
  msg_suporte_consulta: z.string().nullable(),
  link_lgpd: z.string().nullable(),
  /** SPEC §6 activity 57: address of the footer's external link (http or https); null when unset (decision 0016). */
  link_externo: z.string().nullable(),
  /** Text of the external link, shown as written in every language; null: the interface's generic text. */
  desc_link_externo: z.string().nullable(),
  /** SPEC §6 activity 87: address of the library-network catalogue (http or https); null when unset. */
  link_catalogo_rede: z.string().nullable(),
  /** Text of the network-catalogue link, shown as written in every language; null: the generic text. */
  desc_link_catalogo_rede: z.string().nullable(),
  /**
   * The personal area's name on screen (header button, page title, sign-in destination), as the
   * institution brands it ("Meu Pergamum", "Minha UFSC"…), the same in every language; null: the
   * interface's neutral name in the patron's language (decision 0046). The routes stay /meupergamum.
   */
  nome_area_pessoal: z.string().nullable(),
  params: z.object({ __web_url_pw: z.string().nullable(), __web_aquisicao: z.string().nullable() }),
  /** SPEC §6 server flags: password recovery is offered only with authentication mode 2 and crypt mode 4 (isPasswordRecoveryOffered). */
  modo_autenticacao: z.number().int().optional(),
  modo_criptografia: z.number().int().optional(),
  /** Whether this server can send e-mail (SMTP configured): recovery codes travel by e-mail. */
  envia_email: z.boolean().optional(),
  /** Whether covers by ISBN come from the institution's provider, through GET /vinculos/capa-isbn/{isbn} (decision 0070). */
  capa_isbn: z.boolean().optional(),
});
export type Institution = z.infer<typeof InstitutionSchema>;

/** Activity permission (SPEC §3). */
export const ActivityPermissionSchema = z.object({
  cod_atividade: z.number().int(),
  descricao: z.string(),
});
export type ActivityPermission = z.infer<typeof ActivityPermissionSchema>;
export const FunctionalitiesSchema = z.array(ActivityPermissionSchema);

export const SearchTabSchema = z.object({
  key: z.enum(SEARCH_TABS),
  /** Translation key of the tab label. */
  label: z.string(),
  enabled: z.boolean(),
  order: z.number().int(),
});
export type SearchTab = z.infer<typeof SearchTabSchema>;
export const SearchTabsSchema = z.array(SearchTabSchema);

export const DefaultImageSchema = z.object({ url: z.string() });
export type DefaultImage = z.infer<typeof DefaultImageSchema>;

export const CampusSchema = z.object({ cod_campus: z.number().int(), nome_campus: z.string() });
export type Campus = z.infer<typeof CampusSchema>;
export const LibrarySchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  cod_campus: z.number().int(),
});
export type Library = z.infer<typeof LibrarySchema>;
/** GET /campus and GET /unidade-informacao answers. */
export const CampusesSchema = z.array(CampusSchema);
export const LibrariesSchema = z.array(LibrarySchema);

/** Self-service parameters (SPEC §3): whether the self-service button shows, for which library, login and language. */
export const SelfServiceSchema = z.object({
  showAuto: z.boolean(),
  codBibAuto: z.number().int().nullable(),
  authAuto: z.boolean(),
  idiomaAuto: z.string().nullable(),
});
export type SelfService = z.infer<typeof SelfServiceSchema>;

/** One institution page: a title and HTML content written by the library (sanitised before display); null when unset. */
export const InstitutionPageSchema = z.object({
  titulo: z.string().nullable(),
  conteudo: z.string().nullable(),
});
export type InstitutionPage = z.infer<typeof InstitutionPageSchema>;

/** One FAQ entry; the answer is HTML written by the library. */
export const FaqEntrySchema = z.object({
  codigo: z.number().int(),
  pergunta: z.string(),
  resposta: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export const FaqSchema = z.array(FaqEntrySchema);

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One opening interval of a day, in the library's local time (HH:MM). */
export const OpeningIntervalSchema = z.object({
  abertura: z.string().regex(CLOCK_TIME),
  fechamento: z.string().regex(CLOCK_TIME),
});
export type OpeningInterval = z.infer<typeof OpeningIntervalSchema>;

/** SPEC §9: opening hours run Monday (1) to Sunday (7); a day without intervals is closed. */
export const OpeningDaySchema = z.object({
  dia_semana: z.number().int().min(1).max(7),
  intervalos: z.array(OpeningIntervalSchema),
});
export type OpeningDay = z.infer<typeof OpeningDaySchema>;

/** Opening hours of one library: always the seven days, Monday first. */
export const LibraryOpeningHoursSchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  dias: z.array(OpeningDaySchema),
});
export type LibraryOpeningHours = z.infer<typeof LibraryOpeningHoursSchema>;

/** GET /parametros/atendimento[/{campus}]: opening hours per campus and library. */
export const CampusOpeningHoursSchema = z.object({
  cod_campus: z.number().int(),
  nome_campus: z.string(),
  bibliotecas: z.array(LibraryOpeningHoursSchema),
});
export type CampusOpeningHours = z.infer<typeof CampusOpeningHoursSchema>;
export const OpeningHoursSchema = z.array(CampusOpeningHoursSchema);

/** An institutional event or an entry of the events calendar; times are ISO 8601 with offset. */
export const InstitutionEventSchema = z.object({
  codigo: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string(),
  fim: z.string().nullable(),
  local: z.string().nullable(),
  link: z.string().nullable(),
});
export type InstitutionEvent = z.infer<typeof InstitutionEventSchema>;
export const InstitutionEventsSchema = z.array(InstitutionEventSchema);

/** GET /parametros/eventos_eventum: the calendar between two dates (default: this month and the next two). */
export const EventsCalendarQuerySchema = z.object({
  dataIni: calendarDaySchema().optional(),
  dataFim: calendarDaySchema().optional(),
});
export type EventsCalendarQuery = z.infer<typeof EventsCalendarQuerySchema>;

/** SPEC §3 general comment payload: the trimmed text and the library code. */
export const CommentRequestSchema = z.object({
  content: multilineTextSchema().trim().min(1).max(COMMENT_MAX_LENGTH),
  b: idSchema(),
});
export type CommentRequest = z.infer<typeof CommentRequestSchema>;

/** A comment received: SPEC §4, it is shown only after the library approves it. */
export const CommentReceiptSchema = z.object({
  codigo: z.number().int(),
  data_envio: z.string(),
  aprovacao_necessaria: z.boolean(),
});
export type CommentReceipt = z.infer<typeof CommentReceiptSchema>;

const optionalText = (max: number) => textSchema().trim().max(max).optional();

/** SPEC §3 purchase suggestion payload; titulo and editor are required after trimming (SPEC §5). */
export const SuggestionRequestSchema = z.object({
  campus: idSchema(),
  biblioteca: idSchema(),
  autor: optionalText(SUGGESTION_FIELD_MAX.autor),
  titulo: textSchema().trim().min(1).max(SUGGESTION_FIELD_MAX.titulo),
  edicao: optionalText(SUGGESTION_FIELD_MAX.edicao),
  editor: textSchema().trim().min(1).max(SUGGESTION_FIELD_MAX.editor),
  isbn_issn: optionalText(SUGGESTION_FIELD_MAX.isbn_issn).refine(
    (value) => !value || isValidIsbnOrIssn(value),
    {
      message: 'invalid ISBN or ISSN',
    },
  ),
  /** Whether the suggested work is a periodical (journal, magazine) rather than a book. */
  periodico: z.boolean().optional(),
  outras_inf: multilineTextSchema().trim().max(SUGGESTION_FIELD_MAX.outras_inf).optional(),
});
export type SuggestionRequest = z.infer<typeof SuggestionRequestSchema>;

/** A purchase suggestion received; it starts as a pre-suggestion (SPEC §4 statuses). */
export const SuggestionReceiptSchema = z.object({
  codigo: z.number().int(),
  situacao: z.literal('pre-sugestao'),
  data_criacao: z.string(),
});
export type SuggestionReceipt = z.infer<typeof SuggestionReceiptSchema>;
