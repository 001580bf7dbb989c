import { z } from 'zod';

/**
 * POST /pessoas/postagem-trabalho/redirect (SPEC §7; decision 0053): where the patron deposits a
 * thesis or an assignment — the institution's repository — and the signed token that names them
 * there. The web posts `token` to `endereco` as a form field (never in the address, so it stays out
 * of logs and histories).
 */
export const PaperPostingRedirectSchema = z.object({
  endereco: z.string(),
  /** A JWS (HS256) the repository verifies with the key both share; see PAPER_POSTING_TOKEN. */
  token: z.string(),
  /** When the token stops being accepted (ISO 8601, UTC). */
  expira_em: z.string(),
});
export type PaperPostingRedirect = z.infer<typeof PaperPostingRedirectSchema>;

/** What the hand-off token carries and how long it lives (the repository checks each). */
export const PAPER_POSTING_TOKEN = {
  /** `aud` claim: the token is good for depositing a paper and nothing else. */
  audience: 'estante:postagem-trabalho',
  /** Lifetime in seconds: long enough to follow the redirect, too short to be reused later. */
  ttlSeconds: 300,
  /** Form field the web posts the token in. */
  field: 'token',
} as const;

/** Institution settings of paper posting (`estante settings set KEY VALUE`). */
export const PAPER_POSTING_SETTINGS = {
  /** The repository's deposit address (http or https). */
  address: 'postagem_trabalho_url',
  /** The key shared with the repository (at least 32 characters), never sent to the web. */
  key: 'postagem_trabalho_chave',
} as const;

/** Refusals of the hand-off (422, the message a translation key). */
export const PAPER_POSTING_ERROR = {
  NOT_CONFIGURED: { code: 'PAPER_POSTING_NOT_CONFIGURED', key: 'paperPosting.errors.notConfigured' },
} as const;
