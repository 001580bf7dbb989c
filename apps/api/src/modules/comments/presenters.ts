import type {
  CommentDecision,
  OwnTitleComment,
  PendingTitleComment,
  PublicTitleComment,
  TitleCommentState,
} from '@estante/contract';
import type { DecidedComment } from './service.ts';
import type { TitleCommentRow } from './repository.ts';

const STATE: Record<TitleCommentRow['status'], TitleCommentState> = {
  pending: 'pendente',
  approved: 'aprovado',
  refused: 'recusado',
};

/** The first word of a name: what the record page shows of a comment's author. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** An approved comment as everyone sees it (the author by first name only). */
export function presentPublicComment(row: TitleCommentRow): PublicTitleComment {
  return {
    codigo: row.id,
    texto: row.content,
    data_envio: new Date(row.created_at).toISOString(),
    autor: firstName(row.patron_name),
  };
}

/** One of the patron's own comments, with its state and the library's decision. */
export function presentOwnComment(row: TitleCommentRow): OwnTitleComment {
  return {
    codigo: row.id,
    cod_acervo: row.title_id,
    titulo: row.title,
    texto: row.content,
    data_envio: new Date(row.created_at).toISOString(),
    situacao: STATE[row.status],
    data_avaliacao: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    motivo_recusa: row.refusal_reason,
  };
}

/** A comment awaiting approval, as the moderation queue shows it (the author by full name and login). */
export function presentPendingComment(row: TitleCommentRow): PendingTitleComment {
  return {
    codigo: row.id,
    cod_acervo: row.title_id,
    titulo: row.title,
    autor: row.patron_name,
    login: row.patron_login,
    texto: row.content,
    data_envio: new Date(row.created_at).toISOString(),
  };
}

/** What a librarian's decision did. */
export function presentDecision(decided: DecidedComment): CommentDecision {
  return {
    codigo: decided.id,
    cod_acervo: decided.titleId,
    titulo: decided.titleName,
    situacao: decided.status === 'approved' ? 'aprovado' : 'recusado',
    data_avaliacao: decided.decidedAt.toISOString(),
    avaliado_por: decided.decidedBy,
    motivo_recusa: decided.reason,
  };
}
