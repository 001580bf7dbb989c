import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResearchDatabasesSchema } from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';
import { writeSetting } from '../institution/index.ts';
import { runDatabasesCommand } from './cli.ts';
import { PROXY_SETTING } from './presenters.ts';

// SPEC §7 GET /acervo/meu-pergamum/bases-dados and the `estante databases` command that edits it.

describe('the library’s databases', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let dir: string;
  let lines: string[];
  let errors: string[];
  const run = (...args: string[]) => {
    lines = [];
    errors = [];
    return runDatabasesCommand(ctx.db, args, { log: (l) => lines.push(l), error: (l) => errors.push(l) });
  };
  const read = async () =>
    ResearchDatabasesSchema.parse(
      (await ctx.app.inject({ url: '/api/acervo/meu-pergamum/bases-dados', headers })).json(),
    ).bases;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const p = await makePatron(ctx.db);
    headers = bearer((await signIn(ctx.app, p.login, p.password)).access_token);
    dir = await mkdtemp(join(tmpdir(), 'estante-databases-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the demo’s real open databases, subscribed ones first, with direct links when no proxy is set', async () => {
    const bases = await read();
    expect(bases.map((base) => base.nome)).toEqual([
      'Portal de Periódicos CAPES',
      'BDTD — Biblioteca Digital Brasileira de Teses e Dissertações',
      'DOAJ — Directory of Open Access Journals',
      'Domínio Público',
      'LexML Brasil',
      'SciELO Brasil',
    ]);
    expect(bases.find((base) => base.nome === 'SciELO Brasil')).toMatchObject({
      link: 'https://www.scielo.br/',
      assinada: false,
      acesso_remoto: false,
      areas: expect.arrayContaining(['Multidisciplinar']),
      descricao: expect.stringContaining('acesso aberto'),
    });
    expect(bases[0]).toMatchObject({ link: 'https://www.periodicos.capes.gov.br/', acesso_remoto: false });
  });

  it('sends subscribed databases only through the institution’s proxy prefix once it is set', async () => {
    await writeSetting(ctx.db, PROXY_SETTING, 'https://proxy.example/login?url=');
    const bases = await read();
    expect(bases.find((base) => base.assinada)).toMatchObject({
      link: 'https://proxy.example/login?url=https://www.periodicos.capes.gov.br/',
      acesso_remoto: true,
    });
    for (const open of bases.filter((base) => !base.assinada)) {
      expect([open.nome, open.link.startsWith('https://proxy.example')]).toEqual([open.nome, false]);
    }
    // A setting that is not a web address is not used.
    await writeSetting(ctx.db, PROXY_SETTING, 'javascript:alert(1)//');
    expect((await read())[0]!.link).toBe('https://www.periodicos.capes.gov.br/');
    await writeSetting(ctx.db, PROXY_SETTING, null);
  });

  it('is edited with estante databases add, list and remove', async () => {
    expect(
      await run(
        'add',
        '--name',
        'JSTOR',
        '--url',
        'https://www.jstor.org/',
        '--description',
        'Periódicos e livros acadêmicos.',
        '--areas',
        'Ciências Humanas; Ciências Sociais',
        '--subscribed',
      ),
    ).toBe(0);
    const jstor = (await read()).find((base) => base.nome === 'JSTOR');
    expect(jstor).toMatchObject({
      assinada: true,
      areas: ['Ciências Humanas', 'Ciências Sociais'],
      descricao: 'Periódicos e livros acadêmicos.',
    });
    expect(await run('list')).toBe(0);
    expect(lines.some((line) => line.includes('subscribed\tJSTOR\thttps://www.jstor.org/'))).toBe(true);
    expect(await run('add', '--name', 'Sem link', '--url', 'ftp://example.org')).toBe(2);
    expect(errors.join('\n')).toContain('http(s) address');
    expect(await run('remove', String(jstor!.codigo))).toBe(0);
    expect((await read()).some((base) => base.nome === 'JSTOR')).toBe(false);
    expect(await run('remove', 'JSTOR')).toBe(1);
  });

  it('imports a JSON file whole, or nothing of it when one entry is wrong', async () => {
    const good = join(dir, 'good.json');
    await writeFile(
      good,
      JSON.stringify([
        {
          nome: 'SciELO Brasil',
          descricao: 'Nova descrição.',
          areas: ['Multidisciplinar'],
          link: 'https://www.scielo.br/',
        },
        { nome: 'Scopus', link: 'https://www.scopus.com/', assinada: true, areas: ['Multidisciplinar'] },
      ]),
    );
    expect(await run('import', good)).toBe(0);
    const bases = await read();
    expect(bases.find((base) => base.nome === 'SciELO Brasil')?.descricao).toBe('Nova descrição.');
    expect(bases.find((base) => base.nome === 'Scopus')).toMatchObject({ assinada: true, descricao: '' });

    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify([{ nome: 'Web of Science', link: 'https://www.webofscience.com/' }, { nome: '' }]),
    );
    expect(await run('import', bad)).toBe(1);
    expect((await read()).some((base) => base.nome === 'Web of Science')).toBe(false);
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[{');
    expect(await run('import', broken)).toBe(1);
  });
});
