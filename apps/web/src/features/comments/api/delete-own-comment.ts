import { z } from 'zod';
import { API_PATHS } from '@estante/contract';
import { apiDelete } from '../../../lib/api-client';

/** DELETE /comentarios/usuario/{id}: deletes one of the signed-in patron's comments (204, no body). */
export async function deleteOwnComment(commentId: number): Promise<void> {
  await apiDelete(API_PATHS.ownComment(commentId), z.null(), { auth: 'private' });
}
