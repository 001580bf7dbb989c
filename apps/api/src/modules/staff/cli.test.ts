import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { runStaffCommand } from './cli.ts';
import { rolesOf } from './repository.ts';

// `estante staff list|grant|revoke`: the operator gives the first roles (decision 0054).

describe('estante staff', () => {
  let db: Db;
  let out: string[];
  let err: string[];
  const staff = (...args: string[]) => {
    out = [];
    err = [];
    return runStaffCommand(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock: testClock(new Date('2031-05-10T12:00:00Z')), actor: 'operator:root' },
    );
  };
  const rolesOfLogin = async (login: string) => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM patron WHERE login = $1', [login]);
    return rolesOf(db, rows[0]!.id);
  };

  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(() => db.close());

  it('grants and revokes roles, recording who granted them, and lists who holds what', async () => {
    expect(await staff('grant', 'diego', 'aquisicao', 'catalogacao')).toBe(0);
    expect(out).toEqual(['diego (Diego Fernández Ortiz): aquisicao, catalogacao.']);
    const granted = await db.query<{ granted_by: string; granted_at: Date }>(
      "SELECT granted_by, granted_at FROM staff_role s JOIN patron p ON p.id = s.patron_id WHERE p.login = 'diego'",
    );
    expect(granted.rows.map((r) => [r.granted_by, r.granted_at.toISOString()])).toEqual([
      ['operator:root', '2031-05-10T12:00:00.000Z'],
      ['operator:root', '2031-05-10T12:00:00.000Z'],
    ]);
    expect(await staff('revoke', 'diego', 'aquisicao')).toBe(0);
    expect(await rolesOfLogin('diego')).toEqual(['catalogacao']);
    expect(await staff('list')).toBe(0);
    expect(out).toContain('diego  Diego Fernández Ortiz: catalogacao');
    expect(out).toContain('equipe.admin  Helena Prado Ramos: administrador');
  });

  it('refuses an unknown role or login, and the last administrator losing the role', async () => {
    expect(await staff('grant', 'diego', 'chefe')).toBe(2);
    expect(err.join('\n')).toContain('unknown role chefe');
    expect(await staff('grant', 'ninguem', 'referencia')).toBe(1);
    expect(err.join('\n')).toContain('no patron with the login ninguem');
    expect(await staff('revoke', 'equipe.admin', 'administrador')).toBe(1);
    expect(err.join('\n')).toContain('last administrator');
    expect(await rolesOfLogin('equipe.admin')).toEqual(['administrador']);
    expect(await staff('grant')).toBe(2);
  });
});
