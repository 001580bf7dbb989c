import { z } from 'zod';
import { MAX_BIG_ID } from './input.ts';
import { multilineTextSchema } from './schemas/input.ts';
import { COMMENT_MAX_LENGTH } from './institution.ts';

// Title comments (SPEC §7 Comments; §3 Comment; §4 "sent, shown only after library approval";
// decision 0042). A patron writes one on a record page; it shows there once a librarian approves it.

/** Comments on one page of a record's approved comments. */
export const TITLE_COMMENTS_PAGE_SIZE = 10;

/** The states of a title comment (SPEC §4): awaiting approval, approved (shown), refused. */
export const TITLE_COMMENT_STATES = ['pendente', 'aprovado', 'recusado'] as const;
export type TitleCommentState = (typeof TITLE_COMMENT_STATES)[number];

/** The path parameter of DELETE /comentarios/usuario/{id}: a comment id (a bigserial). */
export const CommentIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_BIG_ID) });

/** GET /comentarios/acervo/{id}: which page of the approved comments, newest first. */
export const TitleCommentsQuerySchema = z.object({
  paginaAtiva: z.coerce.number().int().min(1).max(10000).default(1),
  quantPag: z.coerce.number().int().min(1).max(50).default(TITLE_COMMENTS_PAGE_SIZE),
});
export type TitleCommentsQuery = z.input<typeof TitleCommentsQuerySchema>;

/** One approved comment as everyone sees it: the text, when it was sent and the author's first name. */
export const PublicTitleCommentSchema = z.object({
  codigo: z.number().int(),
  /** Plain text, as the patron wrote it (trimmed); never HTML. */
  texto: z.string(),
  data_envio: z.string(),
  /** The author's first name only. */
  autor: z.string(),
});
export type PublicTitleComment = z.infer<typeof PublicTitleCommentSchema>;

/** A page of a record's approved comments. */
export const TitleCommentsPageSchema = z.object({
  data: z.array(PublicTitleCommentSchema),
  total: z.number().int(),
  paginaAtiva: z.number().int(),
  quantPag: z.number().int(),
});
export type TitleCommentsPage = z.infer<typeof TitleCommentsPageSchema>;

/** POST /comentarios/acervo/{id}: the comment's text (SPEC §3 comment payload `content`), trimmed. */
export const TitleCommentRequestSchema = z.object({
  content: multilineTextSchema().trim().min(1).max(COMMENT_MAX_LENGTH),
});
export type TitleCommentRequest = z.infer<typeof TitleCommentRequestSchema>;

/** One of the signed-in patron's own comments, in any state. */
export const OwnTitleCommentSchema = z.object({
  codigo: z.number().int(),
  cod_acervo: z.number().int(),
  /** The commented title's name. */
  titulo: z.string(),
  texto: z.string(),
  data_envio: z.string(),
  situacao: z.enum(TITLE_COMMENT_STATES),
  /** When the library approved or refused it; null while it awaits approval. */
  data_avaliacao: z.string().nullable(),
  /** The librarian's reason, when refused. */
  motivo_recusa: z.string().nullable(),
});
export type OwnTitleComment = z.infer<typeof OwnTitleCommentSchema>;
export const OwnTitleCommentsSchema = z.array(OwnTitleCommentSchema);

/** A comment received (SPEC §3 "approval required"): it awaits approval before anyone else sees it. */
export const TitleCommentReceiptSchema = OwnTitleCommentSchema.extend({
  aprovacao_necessaria: z.boolean(),
});
export type TitleCommentReceipt = z.infer<typeof TitleCommentReceiptSchema>;

/** Refusals of the title comments (422: the message is a translation key). */
export const TITLE_COMMENT_ERRORS = {
  /** SPEC §6/§8: the patron already has as many comments awaiting approval as the institution allows. */
  LIMIT_EXCEEDED: { code: 'COMMENT_LIMIT_EXCEEDED', key: 'comments.errors.limitExceeded' },
} as const;

// Moderation in the staff workspace (decision 0055): the reference role approves or refuses the
// title comments awaiting approval; the author is told either way.

/** A title comment awaiting approval, as the moderation queue shows it (oldest first). */
export const PendingTitleCommentSchema = z.object({
  codigo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  /** The author's full name and login: the librarian may need to know who wrote it. */
  autor: z.string(),
  login: z.string(),
  texto: z.string(),
  data_envio: z.string(),
});
export type PendingTitleComment = z.infer<typeof PendingTitleCommentSchema>;

/** GET /equipe/comentarios: the queue, and how many await in all. */
export const PendingTitleCommentsSchema = z.object({
  data: z.array(PendingTitleCommentSchema),
  total: z.number().int(),
});
export type PendingTitleComments = z.infer<typeof PendingTitleCommentsSchema>;

/** The longest queue page the workspace asks for. */
export const MODERATION_PAGE_SIZE = 50;

/** POST /equipe/comentarios/{id}/recusar: the reason its author reads in the personal area. */
export const CommentRefusalRequestSchema = z.object({
  motivo: multilineTextSchema().max(COMMENT_MAX_LENGTH),
});
export type CommentRefusalRequest = z.infer<typeof CommentRefusalRequestSchema>;

/** What a decision did: the comment, its new state, who decided and when. */
export const CommentDecisionSchema = z.object({
  codigo: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  situacao: z.enum(['aprovado', 'recusado']),
  data_avaliacao: z.string(),
  avaliado_por: z.string(),
  motivo_recusa: z.string().nullable(),
});
export type CommentDecision = z.infer<typeof CommentDecisionSchema>;

/** Refusals of a moderation decision (422: the message is a translation key). */
export const COMMENT_MODERATION_ERRORS = {
  ALREADY_DECIDED: { code: 'COMMENT_ALREADY_DECIDED', key: 'staff.comments.errors.alreadyDecided' },
  REASON_REQUIRED: { code: 'COMMENT_REASON_REQUIRED', key: 'staff.comments.errors.reasonRequired' },
} as const;
