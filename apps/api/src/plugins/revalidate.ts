import { createHash } from 'node:crypto';
import type { onSendAsyncHookHandler } from 'fastify';
import { LANGUAGE_HEADER } from '@estante/contract';

/**
 * For the configuration every page asks first (issue 18): the browser keeps the answer and asks
 * again with its ETag; an unchanged one comes back as an empty 304. `no-cache`, not a max-age: a
 * setting the staff change shows on the next page. Private: the call carries a token. The answer
 * depends on the language header, so caches key on it too.
 */
export const revalidate: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', LANGUAGE_HEADER);
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
};
