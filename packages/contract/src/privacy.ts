import { z } from 'zod';
import { multilineTextSchema } from './schemas/input.ts';

// The patron's privacy calls (LGPD; decision 0045). Not in SPEC §7: the paths are ours, under the
// personal area's /pessoas/meu-pergamum, and every one answers about the signed-in patron only.

/** Privacy calls, relative to the /api prefix. */
export const PRIVACY_PATHS = {
  privacy: '/pessoas/meu-pergamum/privacidade',
  privacyChoices: '/pessoas/meu-pergamum/privacidade/escolhas',
  privacyAnonymiseHistory: '/pessoas/meu-pergamum/privacidade/anonimizar-historico',
  privacyData: '/pessoas/meu-pergamum/privacidade/dados',
  privacyDataPdf: '/pessoas/meu-pergamum/privacidade/dados/pdf',
  privacyRequest: '/pessoas/meu-pergamum/privacidade/pedido',
} as const;

/** The kinds of data the library keeps about a patron, in the order the privacy screen explains them. */
export const PRIVACY_DATA_KINDS = [
  'identificacao',
  'contato',
  'emprestimos',
  'reservas',
  'debitos',
  'solicitacoes',
  'comentarios',
  'listas',
  'acessos',
  'alertas',
] as const;
export const PrivacyDataKindSchema = z.enum(PRIVACY_DATA_KINDS);
export type PrivacyDataKind = z.infer<typeof PrivacyDataKindSchema>;

/** The patron's choices: e-mails (notices and alerts) and whether returned loans stay in their history. */
export const PrivacyChoicesSchema = z.object({
  receber_email: z.boolean(),
  manter_historico: z.boolean(),
});
export type PrivacyChoices = z.infer<typeof PrivacyChoicesSchema>;

/** What blocks a request to delete or anonymise the account: an open loan, hold, loan request or debt. */
export const PrivacyBlockerSchema = z.object({
  tipo: z.enum(['emprestimo', 'reserva', 'solicitacao', 'debito']),
  /** The title it concerns (a debt may have none: a fee). */
  titulo: z.string().nullable(),
  /** The debt's amount still owed, in reais (debts only). */
  valor: z.number().nullable(),
  biblioteca: z.string().nullable(),
});
export type PrivacyBlocker = z.infer<typeof PrivacyBlockerSchema>;

/** A request to delete (exclusao) or anonymise (anonimizacao) the account. */
export const PrivacyRequestSchema = z.object({
  codigo: z.number().int(),
  tipo: z.enum(['exclusao', 'anonimizacao']),
  observacao: z.string().nullable(),
  /** aberto: for the library to carry out; concluido: done; recusado: refused (at once, or by the library). */
  situacao: z.enum(['aberto', 'concluido', 'recusado']),
  /** What refused it at once; empty otherwise. */
  impedimentos: z.array(PrivacyBlockerSchema),
  data_pedido: z.iso.datetime(),
  data_conclusao: z.iso.datetime().nullable(),
  /** The library's note when it closed the request. */
  resposta: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

/** POST /pessoas/meu-pergamum/privacidade/pedido. */
export const PrivacyRequestBodySchema = z.object({
  tipo: z.enum(['exclusao', 'anonimizacao']),
  observacao: multilineTextSchema().trim().max(2000).optional(),
});
export type PrivacyRequestBody = z.infer<typeof PrivacyRequestBodySchema>;

/** GET /pessoas/meu-pergamum/privacidade: what is kept, the choices and the requests made. */
export const PrivacyOverviewSchema = z.object({
  escolhas: PrivacyChoicesSchema,
  /** How many records of each kind the library holds about the patron now. */
  dados: z.array(z.object({ tipo: PrivacyDataKindSchema, registros: z.number().int() })),
  /** Returned loans still in the history (what "anonymise now" would anonymise). */
  historico_emprestimos: z.number().int(),
  pedidos: z.array(PrivacyRequestSchema),
});
export type PrivacyOverview = z.infer<typeof PrivacyOverviewSchema>;

/** POST /pessoas/meu-pergamum/privacidade/anonimizar-historico: how many returned loans were anonymised. */
export const AnonymisedHistorySchema = z.object({ anonimizados: z.number().int() });
export type AnonymisedHistory = z.infer<typeof AnonymisedHistorySchema>;

/** Version of the downloaded data's shape (decision 0045 documents it). */
export const PRIVACY_EXPORT_VERSION = 1;

/**
 * GET /pessoas/meu-pergamum/privacidade/dados: everything kept about the patron. `tabelas` has one
 * entry per table holding the patron's rows, named as the table is, each row with the table's
 * columns (secrets such as password hashes left out, as `omitidos` says).
 */
export const PrivacyExportSchema = z.object({
  formato: z.literal('estante.dados-pessoais'),
  versao: z.literal(PRIVACY_EXPORT_VERSION),
  gerado_em: z.iso.datetime(),
  pessoa: z.object({ cod_pessoa: z.number().int(), login: z.string(), nome: z.string() }),
  tabelas: z.record(
    z.string(),
    z.object({
      tipo: PrivacyDataKindSchema,
      omitidos: z.array(z.string()),
      linhas: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type PrivacyExport = z.infer<typeof PrivacyExportSchema>;

/** GET /pessoas/meu-pergamum/privacidade/dados/pdf: the same data as a readable PDF (base64). */
export const PrivacyExportPdfSchema = z.object({ nome_arquivo: z.string(), pdf: z.string() });
export type PrivacyExportPdf = z.infer<typeof PrivacyExportPdfSchema>;

/** Error codes of the privacy calls (422 messages are translation keys). */
export const PRIVACY_ERROR = {
  REQUEST_OPEN: { code: 'PRIVACY_REQUEST_OPEN', key: 'privacy.errors.requestOpen' },
} as const;

/** Translation keys of each kind of data: its name, what it is kept for, and the legal basis (LGPD art. 7). */
export const PRIVACY_KIND_KEYS = {
  identificacao: {
    title: 'privacy.kinds.identificacao.title',
    purpose: 'privacy.kinds.identificacao.purpose',
    basis: 'privacy.kinds.identificacao.basis',
  },
  contato: {
    title: 'privacy.kinds.contato.title',
    purpose: 'privacy.kinds.contato.purpose',
    basis: 'privacy.kinds.contato.basis',
  },
  emprestimos: {
    title: 'privacy.kinds.emprestimos.title',
    purpose: 'privacy.kinds.emprestimos.purpose',
    basis: 'privacy.kinds.emprestimos.basis',
  },
  reservas: {
    title: 'privacy.kinds.reservas.title',
    purpose: 'privacy.kinds.reservas.purpose',
    basis: 'privacy.kinds.reservas.basis',
  },
  debitos: {
    title: 'privacy.kinds.debitos.title',
    purpose: 'privacy.kinds.debitos.purpose',
    basis: 'privacy.kinds.debitos.basis',
  },
  solicitacoes: {
    title: 'privacy.kinds.solicitacoes.title',
    purpose: 'privacy.kinds.solicitacoes.purpose',
    basis: 'privacy.kinds.solicitacoes.basis',
  },
  comentarios: {
    title: 'privacy.kinds.comentarios.title',
    purpose: 'privacy.kinds.comentarios.purpose',
    basis: 'privacy.kinds.comentarios.basis',
  },
  listas: {
    title: 'privacy.kinds.listas.title',
    purpose: 'privacy.kinds.listas.purpose',
    basis: 'privacy.kinds.listas.basis',
  },
  acessos: {
    title: 'privacy.kinds.acessos.title',
    purpose: 'privacy.kinds.acessos.purpose',
    basis: 'privacy.kinds.acessos.basis',
  },
  alertas: {
    title: 'privacy.kinds.alertas.title',
    purpose: 'privacy.kinds.alertas.purpose',
    basis: 'privacy.kinds.alertas.basis',
  },
} as const satisfies Record<PrivacyDataKind, { title: string; purpose: string; basis: string }>;

/** Translation keys of the PDF of the data download (the server writes it in the caller's language). */
export const PRIVACY_PDF_KEYS = {
  title: 'privacy.pdf.title',
  person: 'privacy.pdf.person',
  generatedAt: 'privacy.pdf.generatedAt',
  table: 'privacy.pdf.table',
  none: 'privacy.pdf.none',
} as const;
