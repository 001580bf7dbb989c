import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTEREST_ERROR, type InterestAuxiliary, type InterestTopic } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { InterestAreasScreen } from './interest-areas-screen';
import { InterestProfileScreen } from './interest-profile-screen';

// The two interest-profile screens (decision 0052) with the API stubbed at fetch: the areas screen
// sends the ticked areas and removes the unticked; SPEC §5's rules (a validity after today, at
// least one journal type) are refused in place, naming the field, before anything is sent; the
// server's refusal shows in place.

interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(answers: Record<string, (call: SentCall) => Response>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        const call = {
          method: init?.method ?? 'GET',
          path: url.pathname,
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        };
        sent.push(call);
        const answer = answers[`${call.method} ${call.path}`];
        return answer ? answer(call) : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return sent;
}

const AUXILIARY: InterestAuxiliary = {
  areas: [
    { codigo: 1, descricao: 'Artes' },
    { codigo: 2, descricao: 'Direito' },
  ],
  tipos_obra: [{ codigo: 'LIVRO', descricao: 'Livro' }],
  idiomas: [{ codigo: 'por', descricao: 'Português' }],
  bibliotecas: [{ codigo: 1, descricao: 'Biblioteca Central' }],
  validade_padrao: '2031-05-10',
  hoje: '2030-05-10',
};
const ARTES: InterestTopic = {
  codigo: 9,
  tipoDSI: 'area',
  codTipoArea: 1,
  cod_autoridade: null,
  descricao: 'Artes',
  validade: '2030-12-31',
  vencido: false,
};
const BASE = '/api/perfil-interesse';

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(() => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
});

describe('areas of interest screen', () => {
  it('adds the ticked areas with the validity and removes the unticked one', async () => {
    let topics = [ARTES];
    const sent = stubApi({
      [`GET ${BASE}/areas-interesse/info-auxiliar`]: () => jsonResponse(AUXILIARY),
      [`GET ${BASE}/area-autor-assunto`]: () => jsonResponse({ itens: topics }),
      [`POST ${BASE}/area-autor-assunto`]: () => {
        topics = [ARTES, { ...ARTES, codigo: 10, codTipoArea: 2, descricao: 'Direito' }];
        return jsonResponse({ itens: topics });
      },
      [`DELETE ${BASE}/area-autor-assunto`]: () => {
        topics = topics.filter((t) => t.codigo !== 9);
        return jsonResponse({ itens: topics });
      },
    });
    renderWithProviders(<InterestAreasScreen />);
    const artes = await screen.findByRole('checkbox', { name: 'Artes' });
    expect((artes as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Validade das áreas/) as HTMLInputElement).value).toBe('2030-12-31');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Direito' }));
    await userEvent.click(artes);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar áreas' }));
    expect(await screen.findByText('Áreas salvas: 1 no seu perfil.')).toBeTruthy();
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: `${BASE}/area-autor-assunto`,
        body: { tipoDSI: 'area', validade: '2030-12-31', itens: [2] },
      },
      {
        method: 'DELETE',
        path: `${BASE}/area-autor-assunto`,
        body: { codigo: 9, tipoDSI: 'area', codTipoArea: 1 },
      },
    ]);
  });

  it('refuses a validity that is not after today in place, naming the field, and sends nothing; then shows the server’s refusal', async () => {
    const sent = stubApi({
      [`GET ${BASE}/areas-interesse/info-auxiliar`]: () => jsonResponse(AUXILIARY),
      [`GET ${BASE}/area-autor-assunto`]: () => jsonResponse({ itens: [] }),
      [`POST ${BASE}/area-autor-assunto`]: () =>
        jsonResponse(
          { code: INTEREST_ERROR.VALIDITY_TOO_FAR.code, message: INTEREST_ERROR.VALIDITY_TOO_FAR.key },
          422,
        ),
    });
    renderWithProviders(<InterestAreasScreen />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Direito' }));
    const validity = screen.getByLabelText(/Validade das áreas/);
    await userEvent.clear(validity);
    await userEvent.type(validity, '2030-05-10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar áreas' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O campo Validade das áreas deve ser um dia depois de hoje.',
    );
    expect(document.activeElement).toBe(validity);
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.clear(validity);
    await userEvent.type(validity, '2040-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar áreas' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A validade pode ir até cinco anos');
  });
});

describe('interest profile screen', () => {
  const profileApi = (extra: Record<string, (call: SentCall) => Response> = {}) =>
    stubApi({
      [`GET ${BASE}/areas-interesse/info-auxiliar`]: () => jsonResponse(AUXILIARY),
      [`GET ${BASE}/area-autor-assunto`]: () => jsonResponse({ itens: [ARTES] }),
      [`GET ${BASE}/periodicos`]: () => jsonResponse({ itens: [] }),
      [`GET ${BASE}/tipo-obra`]: () => jsonResponse({ itens: [] }),
      [`GET ${BASE}/titulos`]: () =>
        jsonResponse({
          titulos: [
            {
              cod_acervo: 5,
              titulo: 'A história da arte',
              autor: 'Gombrich',
              ano_publicacao: 1999,
              desc_tipo_obra: 'Livro',
              motivos: [{ tipo: 'area', descricao: 'Artes' }],
            },
          ],
        }),
      ...extra,
    });

  it('shows each kind of the profile and the matching titles with why they match', async () => {
    profileApi();
    renderWithProviders(<InterestProfileScreen areasHref="/meupergamum/areas-interesse" />);
    const topics = await screen.findByRole('list', { name: 'Áreas, autores e assuntos' });
    expect(within(topics).getByRole('listitem').textContent).toContain('Área do conhecimento');
    expect(within(topics).getByRole('listitem').textContent).toContain('Válido até 31/12/2030');
    expect(await screen.findByText('Nenhum periódico no seu perfil.')).toBeTruthy();
    const titles = await screen.findByRole('list', { name: 'Títulos do seu perfil' });
    expect(within(titles).getByRole('link', { name: 'A história da arte' }).getAttribute('href')).toBe(
      '/acervo/5',
    );
    expect(titles.textContent).toContain('Por: Artes (Área do conhecimento)');
    expect(screen.getByRole('link', { name: 'Escolher áreas do conhecimento' }).getAttribute('href')).toBe(
      '/meupergamum/areas-interesse',
    );
  });

  it('asks for at least one journal type before searching periodicals (SPEC §5)', async () => {
    const sent = profileApi();
    renderWithProviders(<InterestProfileScreen />);
    const form = await screen.findByRole('form', { name: 'Adicionar periódico' });
    await userEvent.type(within(form).getByLabelText(/Título ou ISSN/), 'Revista');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Fascículo novo' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Pesquisar' }));
    expect(
      await within(form).findByText(
        'Escolha ao menos um tipo de aviso do periódico: fascículo, artigo ou sumário.',
      ),
    ).toBeTruthy();
    expect(sent.some((c) => c.path.endsWith('/periodicos/pesquisa'))).toBe(false);
  });

  it('finds a subject and adds it with the form’s validity', async () => {
    const sent = profileApi({
      [`GET ${BASE}/area-autor-assunto/pesquisa`]: () =>
        jsonResponse({ resultados: [{ codigo: 44, descricao: 'Arte brasileira', quantidade_titulos: 3 }] }),
      [`POST ${BASE}/area-autor-assunto`]: () =>
        jsonResponse({
          itens: [
            ARTES,
            {
              ...ARTES,
              codigo: 11,
              tipoDSI: 'assunto',
              codTipoArea: null,
              cod_autoridade: 44,
              descricao: 'Arte brasileira',
            },
          ],
        }),
    });
    renderWithProviders(<InterestProfileScreen />);
    const form = await screen.findByRole('form', { name: 'Adicionar autor ou assunto' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Pesquisar/ }), 'arte');
    await userEvent.click(within(form).getByRole('button', { name: 'Pesquisar' }));
    const line = (await screen.findByText('(3 títulos)')).closest('li')!;
    await userEvent.click(within(line).getByRole('button', { name: 'Adicionar Arte brasileira' }));
    const topics = screen.getByRole('list', { name: 'Áreas, autores e assuntos' });
    await waitFor(() => expect(within(topics).getAllByRole('listitem')).toHaveLength(2));
    expect(sent.find((c) => c.method === 'POST')!.body).toEqual({
      tipoDSI: 'assunto',
      validade: '2031-05-10',
      itens: [44],
    });
  });
});
