import type { ResearchDatabase } from '@estante/contract';
import type { ResearchDatabaseRow } from './repository.ts';

/** Institution setting holding the remote-access proxy prefix (EZproxy style, `https://proxy.example/login?url=`). */
export const PROXY_SETTING = 'proxy_acesso_remoto';

/** The proxy prefix of the settings, when it is a web address; null otherwise. */
export function proxyPrefix(settings: Record<string, unknown>): string | null {
  const value = settings[PROXY_SETTING];
  return typeof value === 'string' && /^https?:\/\/\S+$/.test(value) ? value : null;
}

/**
 * A database on the wire. A subscribed database goes through the proxy when one is set, so a patron
 * off campus reaches it; an open one never does (it needs no proxy, and some proxies refuse hosts
 * they do not know). The address is appended as it is, as EZproxy's `login?url=` expects.
 */
export function presentDatabase(row: ResearchDatabaseRow, proxy: string | null): ResearchDatabase {
  const throughProxy = row.is_subscribed && proxy !== null;
  return {
    codigo: row.id,
    nome: row.name,
    descricao: row.description,
    areas: row.areas,
    link: throughProxy ? `${proxy}${row.url}` : row.url,
    assinada: row.is_subscribed,
    acesso_remoto: throughProxy,
  };
}
