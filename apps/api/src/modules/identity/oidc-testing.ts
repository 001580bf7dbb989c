import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person known to the test provider: the login typed at its sign-in form and their claims. */
export interface TestOidcAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
  /** Extra claims (say, a registration number the institution maps to logins). */
  claims?: Record<string, unknown>;
}

/** A real OpenID provider (`oidc-provider`) on 127.0.0.1 and a random port, for tests. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts the provider with one confidential client whose return address is `redirectUri`; `port`
 * fixes its port (browser tests start the catalogue with OIDC_ISSUER pointing at it).
 */
export async function startTestOidcProvider(options: {
  redirectUri: string;
  accounts: Record<string, TestOidcAccount>;
  port?: number;
  /** The client the catalogue is configured with (browser tests pass the harness's). */
  client?: { id: string; secret: string };
}): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.client?.id ?? 'estante-portal';
  const clientSecret = options.client?.secret ?? 'estante-portal-secret-for-tests-only';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'matricula'] },
    cookies: { keys: ['test-cookie-key-not-secret'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    // The development sign-in and consent forms: the test fills them in as a person would.
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
          ...account.claims,
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A minimal browser for the provider's pages: keeps cookies per host (ignoring paths, which the
 * provider's cookies tolerate) and follows redirects until `stopAt` matches the next address.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(url.host, cookies);
  }

  /** One request without following redirects. */
  async request(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(url),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.keep(url, response);
    return response;
  }

  /**
   * Follows redirects from `url`; answers the final page, or the first address for which
   * `stopAt` is true (not requested).
   */
  async follow(
    url: URL,
    stopAt: (next: URL) => boolean,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ stoppedAt: URL } | { page: string; url: URL; status: number }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { page: await response.text(), url: current, status: response.status };
      }
      await response.body?.cancel();
      const next = new URL(location, current);
      if (stopAt(next)) return { stoppedAt: next };
      current = next;
      response = await this.request(current);
    }
    throw new Error('too many redirects');
  }
}

/** The action and fields of the first form of a page (the provider's sign-in and consent forms). */
export function readForm(page: string, base: URL): { action: URL; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(page);
  if (!form) throw new Error(`no form on the page:\n${page.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = value ?? '';
  }
  return { action: new URL(form[1]!.replace(/&amp;/g, '&'), base), fields };
}
