import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { RESTRICTED_ACCESS_ERROR, type RestrictedAccessResponse } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { readSettings } from '../institution/index.ts';
import { findOnlineLink, recordLinkAccess } from './repository.ts';

/** The institution setting with the proxy prefix of 'proxy' links (EZproxy-style "…/login?url="). */
export const PROXY_PREFIX_SETTING = 'prefixo_proxy';
/** The institution setting of a publisher reached by a signed form: `editora_<code>`. */
export const publisherSetting = (code: string) => `editora_${code}`;

/** What the institution sets up for a publisher; `chave` is the secret shared with it, never served. */
const PublisherSettingsSchema = z.object({
  endereco: z.url({ protocol: /^https?$/ }),
  chave: z.string().min(16),
  instituicao: z.string().min(1).optional(),
});

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** The patron opening the link, as the publisher is told. */
export interface RestrictedAccessPatron {
  id: number;
  login: string;
  name: string;
  email: string | null;
}

/**
 * The signature a publisher checks: HMAC-SHA256 with the shared key over the fields in key order,
 * `name=value` joined by newlines (decision 0022).
 */
export function signPublisherFields(fields: Record<string, string>, key: string): string {
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  return createHmac('sha256', key).update(text).digest('hex');
}

/**
 * SPEC §7 POST /vinculos/acesso-restrito/{a}/s/{b}: counts the access like /vinculos/estatistica-acesso
 * and answers how to open the link: a URL (an open link, or a 'proxy' link through the institution's
 * proxy), or a publisher flag with the signed form the /pearson page posts to the publisher.
 */
export async function openRestrictedLink(
  db: Queryable,
  request: {
    titleId: number;
    seq: number;
    patron: RestrictedAccessPatron;
    at: Date;
    client: { browser: string | null; device: string | null; os: string | null };
  },
): Promise<RestrictedAccessResponse> {
  const link = await findOnlineLink(db, request.titleId, request.seq);
  if (!link) throw ERRORS.notFound();
  const settings = await readSettings(db);
  let answer: RestrictedAccessResponse;
  if (link.restricted === null) {
    answer = { url: link.url };
  } else if (link.restricted === 'proxy') {
    const prefix = HttpUrlSchema.safeParse(settings[PROXY_PREFIX_SETTING]);
    // Without a proxy the publisher recognises the institution by its network: the link goes as it is.
    // EZproxy reads the target unencoded after "url=", so it is appended as written.
    answer = { url: prefix.success ? `${prefix.data}${link.url}` : link.url };
  } else {
    const publisher = PublisherSettingsSchema.safeParse(settings[publisherSetting(link.restricted)]);
    if (!publisher.success) {
      throw ERRORS.rule(
        RESTRICTED_ACCESS_ERROR.SUPPLIER_NOT_FOUND.code,
        RESTRICTED_ACCESS_ERROR.SUPPLIER_NOT_FOUND.key,
      );
    }
    const fields: Record<string, string> = {
      login: request.patron.login,
      nome: request.patron.name,
      email: request.patron.email ?? '',
      instituicao: publisher.data.instituicao ?? '',
      recurso: link.url,
      cod_acervo: String(request.titleId),
      data: request.at.toISOString(),
    };
    answer = {
      editora: link.restricted,
      dados: {
        endereco: publisher.data.endereco,
        campos: { ...fields, assinatura: signPublisherFields(fields, publisher.data.chave) },
      },
    };
  }
  await recordLinkAccess(db, {
    titleId: request.titleId,
    seq: link.seq,
    url: link.url,
    userId: String(request.patron.id),
    ...request.client,
  });
  return answer;
}
