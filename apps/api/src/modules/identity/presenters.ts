import type { AuthPermission, LinkedLogin, UserSession } from '@estante/contract';
import type { LinkedLoginRow, PatronRow } from './repository.ts';

/** The catalogue database every login lives in: Estante has one per installation. */
export const LOCAL_BASE = 'estante';

/** A patron and their category permissions → GET /pessoas. */
export function presentSession(
  patron: PatronRow,
  permissions: { module_code: number; activity_code: number; description: string }[],
): UserSession {
  return {
    user: { nome_pessoa: patron.name, login: patron.login, cod_pessoa: patron.id },
    authPermissions: permissions.map((p): AuthPermission => ({
      cod_modulo: p.module_code,
      cod_atividade: p.activity_code,
      descricao: p.description,
    })),
    bloqueio: patron.is_blocked,
  };
}

/** A login of the person → one entry of GET /pessoas/login. */
export function presentLinkedLogin(row: LinkedLoginRow, currentPatronId: number): LinkedLogin {
  return {
    codigo: row.id,
    login: row.login,
    nome: row.name,
    categoria: row.category_code,
    desc_categoria: row.category_label,
    base: LOCAL_BASE,
    atual: row.id === currentPatronId,
  };
}
