import { vi } from 'vitest';
import type { UserSession } from '@estante/contract';
import { jsonResponse } from './render';

/** A patron the stand-in API knows. */
interface KnownPatron {
  password: string;
  session: UserSession;
}

/** Test data shaped by the contract: the session GET /pessoas answers for a patron. */
export function buildUserSession(
  overrides: Partial<UserSession['user']> = {},
  bloqueio = false,
): UserSession {
  return {
    user: { nome_pessoa: 'Ana Beatriz Souza', login: 'ana', cod_pessoa: 1, ...overrides },
    authPermissions: [{ cod_modulo: 1, cod_atividade: 8, descricao: 'Área pessoal' }],
    bloqueio,
  };
}

/**
 * A fetch stand-in for the sign-in calls (the existing test approach: fetch is stubbed, everything
 * else real): the token endpoint's three grants, GET /pessoas and POST /oauth/revoke. `failWith`
 * makes the password grant answer a given status and body, as the server does for SPEC §8 errors.
 */
export function stubIdentityApi(
  patrons: Record<string, KnownPatron> = {
    ana: { password: 'estante-ana', session: buildUserSession() },
  },
  /** Usernames that name several patrons: the login of each. */
  duplicates: Record<string, string[]> = {},
  /** Logins of one person (linked logins): every login of the group lists them all. */
  linked: string[][] = [],
) {
  const byCode = (code: number) =>
    Object.entries(patrons).find(([, patron]) => patron.session.user.cod_pessoa === code)?.[0];
  const calls: { path: string; body: Record<string, string> | null; authorization: string | null }[] = [];
  const state = {
    failWith: null as { status: number; body: unknown } | null,
    issued: 0,
    signOnRedirect: null as string | null,
  };
  const sessions = new Map<string, UserSession>();

  const issueTokens = (session: UserSession) => {
    const token = `user-token-${++state.issued}`;
    sessions.set(token, session);
    return jsonResponse({
      access_token: token,
      token_type: 'bearer',
      expires_in: 600,
      refresh_token: `refresh-${state.issued}`,
      scope: 'user',
    });
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : null;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization ?? null;
    calls.push({ path: url.pathname, body, authorization });
    if (url.pathname === '/api/oauth/token') {
      if (body?.grant_type === 'client_credentials') {
        return jsonResponse({
          access_token: 'public-token',
          token_type: 'bearer',
          expires_in: 3600,
          scope: 'public',
        });
      }
      if (body?.grant_type === 'password') {
        if (state.failWith) return jsonResponse(state.failWith.body, state.failWith.status);
        const [name = '', suffix] = (body.username ?? '').split('|');
        const named = duplicates[name];
        if (named && !suffix) {
          return jsonResponse(
            { message: 'identityRules.choiceRequired', code: 'LOGIN_CHOICE_REQUIRED' },
            422,
          );
        }
        const chosen = named && suffix?.startsWith('pessoa:') ? byCode(Number(suffix.slice(7))) : name;
        const patron = chosen && (!named || named.includes(chosen)) ? patrons[chosen] : undefined;
        if (!patron || patron.password !== body.password) {
          return jsonResponse({ message: 'Usuário ou senha incorretos.', code: 'INVALID_CREDENTIALS' }, 401);
        }
        return issueTokens(patron.session);
      }
      return jsonResponse({ message: 'Sessão expirada.', code: 'INVALID_GRANT' }, 401);
    }
    if (url.pathname === '/api/oauth/revoke') return jsonResponse({});
    // Single sign-on: the provider is not called; a started sign-on returns as the first patron.
    if (url.pathname === '/api/oidc/authorize') {
      state.signOnRedirect = url.searchParams.get('redirect');
      return jsonResponse({ nonce: 'sign-on-1', link: 'https://idp.example/authorize?state=s' });
    }
    if (url.pathname === '/api/saml/login') {
      state.signOnRedirect = url.searchParams.get('redirect');
      return jsonResponse({ link: 'https://idp.example/saml/sso?SAMLRequest=r' });
    }
    if (url.pathname === '/api/oidc/validar') {
      const first = Object.values(patrons)[0];
      if (body?.nonce !== 'sign-on-1' || !first) {
        return jsonResponse({ message: 'recoveryRules.oidcInvalidNonce', code: 'OIDC_INVALID_NONCE' }, 422);
      }
      const answer = (await issueTokens(first.session).json()) as Record<string, unknown>;
      return jsonResponse({ ...answer, redirect: state.signOnRedirect });
    }
    if (url.pathname === '/api/pessoas/duplicadas') {
      const named = duplicates[url.searchParams.get('usuario') ?? ''] ?? [];
      const pessoas = named.map((login) => ({
        codigo: patrons[login]?.session.user.cod_pessoa ?? 0,
        nome: patrons[login]?.session.user.nome_pessoa ?? '',
      }));
      return jsonResponse({ result: pessoas.length > 1, pessoas: pessoas.length > 1 ? pessoas : [] });
    }
    const caller = sessions.get((authorization ?? '').replace(/^Bearer /, ''));
    if (url.pathname === '/api/pessoas/login' && caller) {
      const group = linked.find((logins) => logins.includes(caller.user.login)) ?? [caller.user.login];
      return jsonResponse(
        group.map((login) => ({
          codigo: patrons[login]?.session.user.cod_pessoa ?? 0,
          login,
          nome: patrons[login]?.session.user.nome_pessoa ?? '',
          categoria: '01',
          desc_categoria: login.includes('pos') ? 'Pós-graduação' : 'Graduação',
          base: 'estante',
          atual: login === caller.user.login,
        })),
      );
    }
    if (url.pathname === '/api/pessoas/troca-login' && caller) {
      const target = byCode(Number(body?.codigo));
      const group = linked.find((logins) => logins.includes(caller.user.login)) ?? [];
      const patron = target && group.includes(target) ? patrons[target] : undefined;
      return patron
        ? issueTokens(patron.session)
        : jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404);
    }
    if (url.pathname === '/api/pessoas') {
      const session = sessions.get((authorization ?? '').replace(/^Bearer /, ''));
      return session
        ? jsonResponse(session)
        : jsonResponse({ message: 'Credenciais ausentes ou expiradas.', code: 'UNAUTHORIZED' }, 401);
    }
    return jsonResponse({ message: 'Endereço não encontrado.', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  const grants = (type: string) =>
    calls.filter((call) => call.path === '/api/oauth/token' && call.body?.grant_type === type);
  return { calls, state, grants };
}
