import { API_PATHS, CommentReceiptSchema, type CommentReceipt, type CommentRequest } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /unidade-informacao/comentario {content, b}: a signed-in patron's general comment (private headers). */
export function sendComment(comment: CommentRequest): Promise<CommentReceipt> {
  return apiPost(API_PATHS.libraryComment, CommentReceiptSchema, { body: comment, auth: 'private' });
}
