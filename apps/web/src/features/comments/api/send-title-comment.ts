import {
  API_PATHS,
  TitleCommentReceiptSchema,
  type TitleCommentReceipt,
  type TitleCommentRequest,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /comentarios/acervo/{id} {content}: the signed-in patron's comment, awaiting approval. */
export function sendTitleComment(
  titleId: number,
  comment: TitleCommentRequest,
): Promise<TitleCommentReceipt> {
  return apiPost(API_PATHS.titleComments(titleId), TitleCommentReceiptSchema, {
    body: comment,
    auth: 'private',
  });
}
