import { z } from 'zod';

/** The OAI-PMH 2.0 provider's base URL (decision 0064), outside the /api prefix as harvesters expect. */
export const OAI_PATH = '/oai';

/** The media type of every OAI-PMH answer, errors included (the protocol answers them with 200). */
export const OAI_MEDIA_TYPE = 'text/xml; charset=utf-8';

const argument = z
  .union([z.string().max(4096), z.array(z.string().max(4096)).max(20)])
  .optional()
  .describe('An OAI-PMH argument; given twice, the request is answered badArgument (or badVerb)');

/**
 * The OAI-PMH request (query string on GET, form on POST). Loose on purpose: the protocol answers a
 * missing, repeated or unknown argument with its own error codes in XML, not with a 400.
 */
export const OaiRequestSchema = z
  .object({
    verb: argument,
    identifier: argument,
    metadataPrefix: argument,
    from: argument,
    until: argument,
    set: argument,
    resumptionToken: argument,
  })
  .catchall(argument);
export type OaiRequest = z.infer<typeof OaiRequestSchema>;
