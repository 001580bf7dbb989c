import { z } from 'zod';

/** The SRU 1.2 and 2.0 server's address (decision 0066), outside the /api prefix as SRU clients expect. */
export const SRU_PATH = '/sru';

/** The media type of every SRU answer, diagnostics included (the standard answers them with 200). */
export const SRU_MEDIA_TYPE = 'text/xml; charset=utf-8';

const parameter = z
  .union([z.string().max(4096), z.array(z.string().max(4096)).max(20)])
  .optional()
  .describe('An SRU parameter; given twice, the request is answered with a diagnostic');

/**
 * The SRU request (query string). Loose on purpose: a missing, repeated, unknown or bad parameter
 * is answered with an SRU diagnostic in XML (HTTP 200), not with a 400.
 */
export const SruRequestSchema = z
  .object({
    operation: parameter,
    version: parameter,
    query: parameter,
    queryType: parameter,
    startRecord: parameter,
    maximumRecords: parameter,
    recordSchema: parameter,
    recordPacking: parameter,
    recordXMLEscaping: parameter,
  })
  .catchall(parameter);
export type SruRequest = z.infer<typeof SruRequestSchema>;
