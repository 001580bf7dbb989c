import { z } from 'zod';
import { MAX_BIG_ID, MAX_INTEGER_ID } from './input.ts';
import { multilineTextSchema, textSchema } from './schemas/input.ts';
import { INSTITUTION_PAGES } from './institution.ts';

// The catalogue part of the staff workspace (decision 0063): MARC files uploaded and imported on
// the server (cataloguing), and the institution's content edited on screen (administrator).

/** The largest MARC file the upload takes (100 MB: about 100,000 records); larger files go by `estante import`. */
export const MARC_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** The multipart field carrying the file of POST /equipe/catalogo/importacoes. */
export const MARC_UPLOAD_FIELD = 'arquivo';

/** How many skipped records a job keeps with their reason (the count is always whole). */
export const MARC_IMPORT_SKIPPED_KEPT = 500;

/** How many of the latest imports the list shows. */
export const MARC_IMPORTS_LISTED = 20;

/** Where an import is: waiting for the one before it, importing, done, stopped by an error or by the server stopping. */
export const MARC_IMPORT_STATUSES = ['na-fila', 'importando', 'concluida', 'falhou', 'interrompida'] as const;
export type MarcImportStatus = (typeof MARC_IMPORT_STATUSES)[number];

/** One record of the file that was not imported: its place in the file (1 for the first) and why. */
export const MarcSkippedRecordSchema = z.object({
  posicao: z.number().int(),
  motivo: z.string(),
});
export type MarcSkippedRecord = z.infer<typeof MarcSkippedRecordSchema>;

/** One uploaded MARC file and its import: progress while it runs, the report when it ends. */
export const MarcImportSchema = z.object({
  codigo: z.number().int(),
  arquivo: z.string(),
  formato: z.enum(['marc21', 'marcxml']),
  tamanho: z.number().int(),
  situacao: z.enum(MARC_IMPORT_STATUSES),
  enviado_por: z.string(),
  data_envio: z.string(),
  data_inicio: z.string().nullable(),
  data_fim: z.string().nullable(),
  /** Records read so far (all of them once done). */
  lidos: z.number().int(),
  inseridos: z.number().int(),
  atualizados: z.number().int(),
  ignorados: z.number().int(),
  /** The skipped records with their reason, the first MARC_IMPORT_SKIPPED_KEPT. */
  registros_ignorados: z.array(MarcSkippedRecordSchema),
  /** What stopped a failed import. */
  erro: z.string().nullable(),
});
export type MarcImport = z.infer<typeof MarcImportSchema>;

/** GET /equipe/catalogo/importacoes: the latest imports, newest first. */
export const MarcImportsSchema = z.object({ data: z.array(MarcImportSchema) });
export type MarcImports = z.infer<typeof MarcImportsSchema>;

/** One OAI-PMH repository harvested into the network tab (decision 0067). */
export const NetworkSourceSchema = z.object({
  codigo: z.number().int(),
  url: z.string(),
  /** The setSpec harvested; null: the whole repository. */
  conjunto: z.string().nullable(),
  formato: z.enum(['marc21', 'oai_dc']),
  instituicao: z.object({ cod_empresa: z.number().int(), desc_empresa: z.string() }),
  /** Network records it brought. */
  registros: z.number().int(),
  /** When it was last harvested; null: never. */
  data_ultima_coleta: z.string().nullable(),
  /** What the last harvest did; null: never harvested. */
  ultima_coleta: z
    .object({
      ok: z.boolean(),
      incluidos: z.number().int(),
      atualizados: z.number().int(),
      excluidos: z.number().int(),
      ignorados: z.number().int(),
      erro: z.string().nullable(),
    })
    .nullable(),
  /** The `from` of the next harvest; null: it takes everything. */
  proxima_coleta_desde: z.string().nullable(),
});
export type NetworkSource = z.infer<typeof NetworkSourceSchema>;

/** GET /equipe/catalogo/rede-fontes: every source, by institution. */
export const NetworkSourcesSchema = z.object({ data: z.array(NetworkSourceSchema) });
export type NetworkSources = z.infer<typeof NetworkSourcesSchema>;

export const MarcImportIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_BIG_ID) });

/** 422 refusals of the upload: a stable code and the translation key sent as the message. */
export const MARC_IMPORT_ERRORS = {
  FILE_REQUIRED: { code: 'MARC_IMPORT_FILE_REQUIRED', key: 'staff.catalogue.errors.fileRequired' },
  TOO_LARGE: { code: 'MARC_IMPORT_TOO_LARGE', key: 'staff.catalogue.errors.tooLarge' },
  NOT_MARC: { code: 'MARC_IMPORT_NOT_MARC', key: 'staff.catalogue.errors.notMarc' },
} as const;

// The institution's content (administrator). Texts are written in pt and may be translated into
// en and es; the public side shows the caller's language and falls back to pt.

/** The languages institution texts are written in; pt is required. */
export const CONTENT_LANGUAGES = ['pt', 'en', 'es'] as const;
export type ContentLanguageCode = (typeof CONTENT_LANGUAGES)[number];

/** The longest FAQ question and answer (HTML) an editor takes. */
export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 20_000;

const faqText = z.object({
  pergunta: textSchema().trim().min(1).max(FAQ_QUESTION_MAX),
  resposta: multilineTextSchema().trim().min(1).max(FAQ_ANSWER_MAX),
});

/** A FAQ entry as the editor writes it: its place in the list and its texts (pt required). */
export const FaqEntryRequestSchema = z.object({
  /** 1 for the first; left out: at the end (new) or where it is (edit). */
  posicao: z.number().int().min(1).max(MAX_INTEGER_ID).optional(),
  pt: faqText,
  en: faqText.nullable(),
  es: faqText.nullable(),
});
export type FaqEntryRequest = z.infer<typeof FaqEntryRequestSchema>;

const faqTextOut = z.object({ pergunta: z.string(), resposta: z.string() });

/** A FAQ entry with every language's text, as the editor reads it (the answers are HTML, unsanitised). */
export const EditableFaqEntrySchema = z.object({
  codigo: z.number().int(),
  posicao: z.number().int(),
  pt: faqTextOut,
  en: faqTextOut.nullable(),
  es: faqTextOut.nullable(),
});
export type EditableFaqEntry = z.infer<typeof EditableFaqEntrySchema>;

/** GET /equipe/conteudo/faq: the whole FAQ in its order. */
export const EditableFaqSchema = z.object({ data: z.array(EditableFaqEntrySchema) });
export type EditableFaq = z.infer<typeof EditableFaqSchema>;

export const FaqEntryIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });

/** A research database as the editor writes it (the list patrons read at GET /acervo/meu-pergamum/bases-dados). */
export const ResearchDatabaseRequestSchema = z.object({
  nome: textSchema().trim().min(1).max(200),
  descricao: multilineTextSchema().trim().max(2000),
  areas: z.array(textSchema().trim().min(1).max(100)).max(20),
  /** The database's own address; a subscribed one goes through the proxy prefix when one is set. */
  link: textSchema()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) address'),
  assinada: z.boolean(),
});
export type ResearchDatabaseRequest = z.infer<typeof ResearchDatabaseRequestSchema>;

/** A research database as the editor reads it: its own address, without the proxy prefix. */
export const EditableResearchDatabaseSchema = z.object({
  codigo: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  areas: z.array(z.string()),
  link: z.string(),
  assinada: z.boolean(),
});
export type EditableResearchDatabase = z.infer<typeof EditableResearchDatabaseSchema>;

/** GET /equipe/conteudo/bases: subscribed first, then open, each by name. */
export const EditableResearchDatabasesSchema = z.object({ data: z.array(EditableResearchDatabaseSchema) });
export type EditableResearchDatabases = z.infer<typeof EditableResearchDatabasesSchema>;

export const ResearchDatabaseIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(MAX_INTEGER_ID),
});

/** 422 refusals of the content editors. */
export const CONTENT_ERRORS = {
  DATABASE_NAME_TAKEN: { code: 'DATABASE_NAME_TAKEN', key: 'staff.content.databases.nameTaken' },
  // Opening hours and events (decision 0065).
  UNKNOWN_LIBRARY: { code: 'HOURS_UNKNOWN_LIBRARY', key: 'staff.content.hours.unknownLibrary' },
  HOURS_CLOSE_BEFORE_OPEN: { code: 'HOURS_CLOSE_BEFORE_OPEN', key: 'staff.content.hours.closesBeforeOpens' },
  HOURS_OVERLAP: { code: 'HOURS_OVERLAP', key: 'staff.content.hours.overlap' },
  EVENT_DATE_INVALID: { code: 'EVENT_DATE_INVALID', key: 'staff.content.events.dateInvalid' },
  EVENT_END_BEFORE_START: { code: 'EVENT_END_BEFORE_START', key: 'staff.content.events.endBeforeStart' },
  SETTING_INVALID: { code: 'SETTING_INVALID', key: 'staff.content.settings.invalid' },
  PERMISSION_UNKNOWN: { code: 'PERMISSION_UNKNOWN', key: 'staff.content.permissions.unknown' },
} as const;

/** The longest page title and content (HTML) an editor takes. */
export const PAGE_TITLE_MAX = 200;
export const PAGE_CONTENT_MAX = 100_000;

const pageText = z.object({
  titulo: textSchema().trim().min(1).max(PAGE_TITLE_MAX),
  conteudo: multilineTextSchema().trim().min(1).max(PAGE_CONTENT_MAX),
});

/** PUT /equipe/conteudo/paginas/{chave}: the page in every language (pt required). */
export const InstitutionPageRequestSchema = z.object({
  pt: pageText,
  en: pageText.nullable(),
  es: pageText.nullable(),
});
export type InstitutionPageRequest = z.infer<typeof InstitutionPageRequestSchema>;

const pageTextOut = z.object({ titulo: z.string(), conteudo: z.string() });

/** An institution page as the editor reads it; pt null while the page is not written. */
export const EditableInstitutionPageSchema = z.object({
  chave: z.enum(INSTITUTION_PAGES),
  pt: pageTextOut.nullable(),
  en: pageTextOut.nullable(),
  es: pageTextOut.nullable(),
});
export type EditableInstitutionPage = z.infer<typeof EditableInstitutionPageSchema>;

/** GET /equipe/conteudo/paginas: the home page's two sections and the general information. */
export const EditableInstitutionPagesSchema = z.object({ data: z.array(EditableInstitutionPageSchema) });
export type EditableInstitutionPages = z.infer<typeof EditableInstitutionPagesSchema>;

export const InstitutionPageKeyParamsSchema = z.object({ chave: z.enum(INSTITUTION_PAGES) });

/** An activity (SPEC §6) as the editor lists it: on or off for the whole institution. */
export const EditableActivitySchema = z.object({
  codigo: z.number().int(),
  descricao: z.string(),
  ativa: z.boolean(),
});
export type EditableActivity = z.infer<typeof EditableActivitySchema>;

/** GET /equipe/conteudo/atividades: every activity, on or off, by code. */
export const EditableActivitiesSchema = z.object({ data: z.array(EditableActivitySchema) });
export type EditableActivities = z.infer<typeof EditableActivitiesSchema>;

export const ActivityCodeParamsSchema = z.object({
  codigo: z.coerce.number().int().min(1).max(MAX_INTEGER_ID),
});

/** PUT /equipe/conteudo/atividades/{codigo}: turn the activity on or off. */
export const ActivityStateRequestSchema = z.object({ ativa: z.boolean() });
export type ActivityStateRequest = z.infer<typeof ActivityStateRequestSchema>;

// Opening hours (decision 0065): one entry is one open interval of a library on a weekday, as
// `estante settings hours` writes them; a weekday without entries is closed.

/** A time of day as the hours editor writes it, 00:00–23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** POST /equipe/conteudo/horarios, PUT …/{id}: the interval (an edit may move it to another day or library). */
export const OpeningHoursEntryRequestSchema = z.object({
  biblioteca: z.number().int().min(1).max(MAX_INTEGER_ID),
  /** 1 Monday … 7 Sunday (SPEC §9). */
  dia: z.number().int().min(1).max(7),
  abre: z.string().regex(TIME_OF_DAY, 'must be HH:MM'),
  fecha: z.string().regex(TIME_OF_DAY, 'must be HH:MM'),
});
export type OpeningHoursEntryRequest = z.infer<typeof OpeningHoursEntryRequestSchema>;

export const EditableOpeningHoursEntrySchema = z.object({
  codigo: z.number().int(),
  biblioteca: z.number().int(),
  nome_biblioteca: z.string(),
  dia: z.number().int(),
  abre: z.string(),
  fecha: z.string(),
});
export type EditableOpeningHoursEntry = z.infer<typeof EditableOpeningHoursEntrySchema>;

/** GET /equipe/conteudo/horarios: every interval by library, day and time, and the libraries to choose from. */
export const EditableOpeningHoursSchema = z.object({
  data: z.array(EditableOpeningHoursEntrySchema),
  bibliotecas: z.array(z.object({ codigo: z.number().int(), nome: z.string() })),
});
export type EditableOpeningHours = z.infer<typeof EditableOpeningHoursSchema>;

export const OpeningHoursEntryIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(MAX_INTEGER_ID),
});

// Events (decision 0065): the institutional ones and the events calendar, as `estante settings event`.

export const EVENT_KINDS = ['institucional', 'eventum'] as const;
export const EVENT_TITLE_MAX = 300;
export const EVENT_DESCRIPTION_MAX = 5000;

/**
 * Whether text is a real moment: ISO 8601 date and time with its offset (2031-05-10T14:00:00-03:00),
 * on a day the calendar has (no 30 February) and a time the clock has.
 */
export function isCalendarMoment(text: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  const offsetOk = match[7] === 'Z' || (Number(match[8]) <= 14 && Number(match[9]) < 60);
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetOk
  );
}

const eventText = z.object({
  titulo: textSchema().trim().min(1).max(EVENT_TITLE_MAX),
  descricao: multilineTextSchema().trim().max(EVENT_DESCRIPTION_MAX).nullable(),
});

/** An event as the editor writes it; the dates are checked on the server (a real day, end not before start). */
export const EventRequestSchema = z.object({
  tipo: z.enum(EVENT_KINDS),
  /** ISO 8601 with offset. */
  inicio: z.string().max(40),
  fim: z.string().max(40).nullable(),
  local: textSchema().trim().max(300).nullable(),
  link: textSchema()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) address')
    .nullable(),
  pt: eventText,
  en: eventText.nullable(),
  es: eventText.nullable(),
});
export type EventRequest = z.infer<typeof EventRequestSchema>;

const eventTextOut = z.object({ titulo: z.string(), descricao: z.string().nullable() });

export const EditableEventSchema = z.object({
  codigo: z.number().int(),
  tipo: z.enum(EVENT_KINDS),
  inicio: z.string(),
  fim: z.string().nullable(),
  local: z.string().nullable(),
  link: z.string().nullable(),
  pt: eventTextOut,
  en: eventTextOut.nullable(),
  es: eventTextOut.nullable(),
});
export type EditableEvent = z.infer<typeof EditableEventSchema>;

/** GET /equipe/conteudo/eventos: every event, past ones too, newest start first. */
export const EditableEventsSchema = z.object({ data: z.array(EditableEventSchema) });
export type EditableEvents = z.infer<typeof EditableEventsSchema>;

export const EventIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });

// The institution settings an administrator changes on screen (decision 0065): an explicit list,
// each with its type and bounds. Keys left out (the token secret and every `__` key, the paper
// posting key, the reCAPTCHA secret, structured values) are never listed nor written here; they
// stay with `estante settings set`.

/** How a setting is written: a switch, a whole number within bounds, a text, or a web address. */
export type InstitutionSettingKind =
  | { tipo: 'booleano' }
  | { tipo: 'inteiro'; minimo: number; maximo: number }
  | { tipo: 'texto'; max_caracteres: number; anulavel: boolean }
  | { tipo: 'endereco' };

export const INSTITUTION_SETTINGS = {
  nome: { tipo: 'texto', max_caracteres: 200, anulavel: false },
  sigla: { tipo: 'texto', max_caracteres: 30, anulavel: false },
  nome_area_pessoal: { tipo: 'texto', max_caracteres: 60, anulavel: true },
  denominacao_login: { tipo: 'texto', max_caracteres: 100, anulavel: true },
  msg_login: { tipo: 'texto', max_caracteres: 2000, anulavel: true },
  msg_suporte_consulta: { tipo: 'texto', max_caracteres: 2000, anulavel: true },
  link_lgpd: { tipo: 'endereco' },
  link_externo: { tipo: 'endereco' },
  desc_link_externo: { tipo: 'texto', max_caracteres: 100, anulavel: true },
  link_catalogo_rede: { tipo: 'endereco' },
  desc_link_catalogo_rede: { tipo: 'texto', max_caracteres: 100, anulavel: true },
  url_catalogo: { tipo: 'endereco' },
  proxy_acesso_remoto: { tipo: 'endereco' },
  postagem_trabalho_url: { tipo: 'endereco' },
  usaOIDC: { tipo: 'booleano' },
  usaSAML: { tipo: 'booleano' },
  link_logout_OIDC: { tipo: 'endereco' },
  link_logout_saml: { tipo: 'endereco' },
  login_pede_categoria: { tipo: 'booleano' },
  login_consulta_pessoa: { tipo: 'booleano' },
  dois_fatores: { tipo: 'booleano' },
  renovacao_cadastro_anual: { tipo: 'booleano' },
  comentarios_limite_diario: { tipo: 'inteiro', minimo: 0, maximo: 9999 },
  comentarios_acervo_limite_pendentes: { tipo: 'inteiro', minimo: 0, maximo: 100 },
  alerta_dias_antes_vencimento: { tipo: 'inteiro', minimo: 0, maximo: 30 },
  // Decision 0070: covers by ISBN from a provider the institution names, e.g. https://…/{isbn}-M.jpg.
  capa_isbn_url: { tipo: 'endereco' },
  // Editions and formats of one work shown as one result (decision 0071); unset: on.
  agrupar_obras: { tipo: 'booleano' },
} as const satisfies Record<string, InstitutionSettingKind>;
export type InstitutionSettingKey = keyof typeof INSTITUTION_SETTINGS;
export const INSTITUTION_SETTING_KEYS = Object.keys(INSTITUTION_SETTINGS) as InstitutionSettingKey[];

/** Whether a value fits the setting's kind (null clears an address or an optional text). */
export function isSettingValue(key: InstitutionSettingKey, value: unknown): boolean {
  const kind: InstitutionSettingKind = INSTITUTION_SETTINGS[key];
  switch (kind.tipo) {
    case 'booleano':
      return typeof value === 'boolean';
    case 'inteiro':
      return (
        typeof value === 'number' && Number.isInteger(value) && value >= kind.minimo && value <= kind.maximo
      );
    case 'texto':
      return value === null
        ? kind.anulavel
        : typeof value === 'string' && value.trim() !== '' && value.length <= kind.max_caracteres;
    case 'endereco':
      return (
        value === null ||
        (typeof value === 'string' && value.length <= 2000 && /^https?:\/\/\S+$/i.test(value))
      );
  }
}

/** One setting as the editor reads it: null when unset (the product's default applies). */
export const EditableSettingSchema = z.object({
  chave: z.enum(INSTITUTION_SETTING_KEYS as [InstitutionSettingKey, ...InstitutionSettingKey[]]),
  valor: z.union([z.boolean(), z.number(), z.string()]).nullable(),
});
export type EditableSetting = z.infer<typeof EditableSettingSchema>;

/** GET /equipe/conteudo/parametros: every setting of the list, in its order. */
export const EditableSettingsSchema = z.object({ data: z.array(EditableSettingSchema) });
export type EditableSettings = z.infer<typeof EditableSettingsSchema>;

export const SettingKeyParamsSchema = z.object({
  chave: z.enum(INSTITUTION_SETTING_KEYS as [InstitutionSettingKey, ...InstitutionSettingKey[]]),
});

/** PUT /equipe/conteudo/parametros/{chave}: the new value (checked against the setting's kind). */
export const SettingValueRequestSchema = z.object({
  valor: z.union([z.boolean(), z.number(), multilineTextSchema().max(2000)]).nullable(),
});
export type SettingValueRequest = z.infer<typeof SettingValueRequestSchema>;

// Which patron category may use each activity (decision 0065): the consultation module's
// permissions (category_permission, module 1), read and saved whole.

/** The module the catalogue's activities belong to (SPEC §6: a permission is matched by module and activity). */
export const CONSULTATION_MODULE = 1;

export const CategoryPermissionSchema = z.object({
  categoria: textSchema().trim().min(1).max(20),
  atividade: z.number().int().min(1).max(MAX_INTEGER_ID),
});
export type CategoryPermission = z.infer<typeof CategoryPermissionSchema>;

/** GET /equipe/conteudo/permissoes: the categories, the activities and which pairs are allowed. */
export const CategoryPermissionsSchema = z.object({
  categorias: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
  atividades: z.array(z.object({ codigo: z.number().int(), descricao: z.string(), ativa: z.boolean() })),
  permissoes: z.array(CategoryPermissionSchema),
});
export type CategoryPermissions = z.infer<typeof CategoryPermissionsSchema>;

/** PUT /equipe/conteudo/permissoes: every allowed pair from now on (the ones left out are withdrawn). */
export const CategoryPermissionsRequestSchema = z.object({
  permissoes: z.array(CategoryPermissionSchema).max(20_000),
});
export type CategoryPermissionsRequest = z.infer<typeof CategoryPermissionsRequestSchema>;
