import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { runInstitutionCommand } from '../institution/cli.ts';
import { findActivity, readSettings } from '../institution/repository.ts';
import { testClock } from '../identity/testing.ts';
import { runAccountCommand } from './cli.ts';
import { editableFields, YEARLY_RENEWAL_SETTING } from './service.ts';

describe('estante account … (personal data from the command line)', () => {
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let lines: string[];
  let errors: string[];
  const run = (...args: string[]) => {
    lines = [];
    errors = [];
    return runAccountCommand(ctx.db, args, { out: (l) => lines.push(l), err: (l) => errors.push(l) }, clock);
  };
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  afterAll(() => ctx.close());

  it('changes a field as the library, which may change any, and prints the history', async () => {
    expect(await run('set', 'ana', 'cpf', '52998224725')).toBe(0);
    expect(await run('set', 'bruno', 'cidade', 'Curitiba')).toBe(0);
    expect(await run('set', 'ana', 'cpf', '52998224726')).toBe(1);
    expect(errors.join('\n')).toContain('account.errors.cpfInvalid');
    expect(await run('history', 'ana')).toBe(0);
    expect(lines).toEqual(['2026-03-02T12:00:00.000Z  ana  by staff:command  cpf: — → 52998224725']);
    expect(await run('history')).toBe(0);
    expect(lines).toHaveLength(2);
    expect(await run('history', '--since', '2026-03-03')).toBe(0);
    expect(lines).toEqual(['No changes of personal data.']);
  });

  it('chooses which fields patrons may change', async () => {
    expect(await run('fields', 'emails,telefone', 'cidade')).toBe(0);
    expect(editableFields(await readSettings(ctx.db))).toEqual(['emails', 'telefone', 'cidade']);
    expect(await run('fields', 'emails,shoe_size')).toBe(2);
    expect(errors.join()).toContain('shoe_size');
    expect(await run('fields', '--none')).toBe(0);
    expect(editableFields(await readSettings(ctx.db))).toEqual([]);
    expect(await run('fields', '--default')).toBe(0);
    expect(editableFields(await readSettings(ctx.db))).toContain('logradouro');
    expect(editableFields(await readSettings(ctx.db))).not.toContain('cpf');
  });

  it('turns the yearly renewal on and off', async () => {
    expect(await run('renewal', 'on')).toBe(0);
    expect((await readSettings(ctx.db))[YEARLY_RENEWAL_SETTING]).toBe(true);
    expect(await run('renewal', 'off')).toBe(0);
    expect((await readSettings(ctx.db))[YEARLY_RENEWAL_SETTING]).toBe(false);
    expect(await run('renewal', 'maybe')).toBe(2);
  });

  it("writes an activity's information text (estante settings activity-info)", async () => {
    const out = { log: () => undefined, error: () => undefined };
    expect(
      await runInstitutionCommand(ctx.db, ['activity-info', '818', '--html', '<p>Troque a senha.</p>'], out),
    ).toBe(0);
    expect(
      await runInstitutionCommand(
        ctx.db,
        ['activity-info', '818', '--lang', 'en', '--html', '<p>Change it.</p>'],
        out,
      ),
    ).toBe(0);
    expect((await findActivity(ctx.db, 818, 'en'))?.information).toBe('<p>Change it.</p>');
    expect((await findActivity(ctx.db, 818, 'es'))?.information).toBe('<p>Troque a senha.</p>');
    expect(
      await runInstitutionCommand(ctx.db, ['activity-info', '818', '--lang', 'en', '--remove'], out),
    ).toBe(0);
    expect((await findActivity(ctx.db, 818, 'en'))?.information).toBe('<p>Troque a senha.</p>');
    expect(await runInstitutionCommand(ctx.db, ['activity-info', '424242', '--html', 'x'], out)).toBe(1);
  });
});
