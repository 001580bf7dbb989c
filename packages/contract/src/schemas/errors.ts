import { z } from 'zod';

/** The one error shape every API failure answers with (DESIGN "Errors"). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  /** The request's id (the X-Request-Id header), to find the request in the server's log. */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
