import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionalitiesSchema, InstitutionSchema, SearchTabsSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { setActivity, writeSetting } from './repository.ts';
import { seedInstitutionContent } from './demo-content.ts';

describe('public configuration', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('serves the institution data with the demo name and the default theme', async () => {
    const response = await ctx.app.inject({ url: '/api/parametros/instituicao', headers });
    expect(response.statusCode).toBe(200);
    const institution = InstitutionSchema.parse(response.json());
    expect(institution.nome).toContain('Universidade Estante');
    expect(institution.tema).toBe('neo');
  });

  it('reflects an institution setting changed by staff', async () => {
    await writeSetting(ctx.db, 'msg_suporte_consulta', '<p>Ligue 1234</p>');
    const response = await ctx.app.inject({ url: '/api/parametros/instituicao', headers });
    expect(response.json().msg_suporte_consulta).toBe('<p>Ligue 1234</p>');
  });

  it("names the personal area as the institution's setting says, trimmed; blank means the neutral name", async () => {
    const areaName = async () =>
      InstitutionSchema.parse((await ctx.app.inject({ url: '/api/parametros/instituicao', headers })).json())
        .nome_area_pessoal;
    expect(await areaName()).toBeNull();
    await writeSetting(ctx.db, 'nome_area_pessoal', '  Meu Espaço  ');
    expect(await areaName()).toBe('Meu Espaço');
    await writeSetting(ctx.db, 'nome_area_pessoal', '   ');
    expect(await areaName()).toBeNull();
    await writeSetting(ctx.db, 'nome_area_pessoal', 42);
    expect(await areaName()).toBeNull();
  });

  it('serves the sign-in variants off by default and on once staff turn them on', async () => {
    const read = async () =>
      InstitutionSchema.parse((await ctx.app.inject({ url: '/api/parametros/instituicao', headers })).json());
    expect(await read()).toMatchObject({
      usaSAML: false,
      login_pede_categoria: false,
      login_consulta_pessoa: false,
    });
    await writeSetting(ctx.db, 'usaSAML', true);
    await writeSetting(ctx.db, 'login_pede_categoria', true);
    await writeSetting(ctx.db, 'login_consulta_pessoa', true);
    expect(await read()).toMatchObject({
      usaSAML: true,
      login_pede_categoria: true,
      login_consulta_pessoa: true,
    });
    for (const key of ['usaSAML', 'login_pede_categoria', 'login_consulta_pessoa']) {
      await writeSetting(ctx.db, key, false);
    }
  });

  it('serves the demo footer links (activities 57 and 87) with their addresses, and their activities on', async () => {
    const institution = InstitutionSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/instituicao', headers })).json(),
    );
    expect(institution).toMatchObject({
      link_externo: 'https://www.demo.estante.example/',
      desc_link_externo: null,
      link_catalogo_rede: 'https://rede.demo.estante.example/catalogo',
      desc_link_catalogo_rede: null,
    });
    const activities = FunctionalitiesSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/funcionalidades', headers })).json(),
    ).map((a) => a.cod_atividade);
    expect(activities).toEqual(expect.arrayContaining([57, 87]));
  });

  it('keeps the footer links as staff left them when the demo is loaded again', async () => {
    await setActivity(ctx.db, 57, false);
    await writeSetting(ctx.db, 'link_catalogo_rede', 'https://outra-rede.example/');
    await ctx.db.transaction((tx) => seedInstitutionContent(tx, new Map()));
    const institution = (await ctx.app.inject({ url: '/api/parametros/instituicao', headers })).json();
    expect(institution.link_catalogo_rede).toBe('https://outra-rede.example/');
    const activities = FunctionalitiesSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/funcionalidades', headers })).json(),
    ).map((a) => a.cod_atividade);
    expect(activities).not.toContain(57);
    expect(activities).toContain(87);
  });

  it('never serves a footer link that is not a web address, and treats blank link text as none', async () => {
    await writeSetting(ctx.db, 'link_externo', 'javascript:alert(1)');
    await writeSetting(ctx.db, 'desc_link_externo', '   ');
    await writeSetting(ctx.db, 'link_catalogo_rede', 42);
    await writeSetting(ctx.db, 'desc_link_catalogo_rede', ' Rede de Bibliotecas UE ');
    const institution = InstitutionSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/instituicao', headers })).json(),
    );
    expect(institution).toMatchObject({
      link_externo: null,
      desc_link_externo: null,
      link_catalogo_rede: null,
      desc_link_catalogo_rede: 'Rede de Bibliotecas UE',
    });
  });

  it('lists the enabled activities with descriptions in the caller language', async () => {
    const pt = FunctionalitiesSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/funcionalidades', headers })).json(),
    );
    const en = FunctionalitiesSchema.parse(
      (
        await ctx.app.inject({ url: '/api/parametros/funcionalidades', headers: { ...headers, idioma: '5' } })
      ).json(),
    );
    expect(pt.find((a) => a.cod_atividade === 13)?.descricao).toBe('Comentários');
    expect(en.find((a) => a.cod_atividade === 13)?.descricao).toBe('Comments');
    expect(pt.some((a) => a.cod_atividade === 1120)).toBe(false);
  });

  it('serves the search-tab data with the general tab enabled', async () => {
    const tabs = SearchTabsSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/abas-pesquisa', headers })).json(),
    );
    expect(tabs.find((t) => t.key === 'geral')?.enabled).toBe(true);
  });

  it('gives a default cover image that loads', async () => {
    const { url } = (await ctx.app.inject({ url: '/api/consulta/imagem-padrao', headers })).json();
    const image = await ctx.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it('lists the two demo campuses and the libraries of one campus', async () => {
    const campuses = (await ctx.app.inject({ url: '/api/campus', headers })).json();
    expect(campuses.map((c: { nome_campus: string }) => c.nome_campus).sort()).toEqual([
      'Campus Centro',
      'Campus Tecnológico',
    ]);
    const centro = campuses.find((c: { nome_campus: string }) => c.nome_campus === 'Campus Centro');
    const libraries = (
      await ctx.app.inject({ url: `/api/unidade-informacao?campus=${centro.cod_campus}`, headers })
    ).json();
    expect(libraries).toHaveLength(2);
  });

  it('keeps self-service off until the institution turns it on', async () => {
    const off = (await ctx.app.inject({ url: '/api/parametros/autoatendimento', headers })).json();
    expect(off).toEqual({ showAuto: false, codBibAuto: null, authAuto: false, idiomaAuto: null });
    await writeSetting(ctx.db, 'autoatendimento_exibir', true);
    await writeSetting(ctx.db, 'autoatendimento_biblioteca', 1);
    const on = (await ctx.app.inject({ url: '/api/parametros/autoatendimento', headers })).json();
    expect(on).toMatchObject({ showAuto: true, codBibAuto: 1 });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/consulta');
  });
});
