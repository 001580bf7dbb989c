/**
 * The parts of `oidc-provider` (a test-only dependency without type declarations) that sso.spec.ts
 * uses to run a real OpenID provider on loopback.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    /** Lifetimes in seconds of the provider's artefacts (Session, Grant, IdToken …). */
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
