import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campus, Library } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { buildInstitution } from '../../../testing/factories';
import {
  createConfiguredQueryClient,
  fetchWith,
  jsonResponse,
  renderWithProviders,
} from '../../../testing/render';
import { getInstitutionQueryOptions } from '../../chrome/api/get-institution';
import { AcquisitionScreen } from './acquisition-screen';

const CAMPUSES: Campus[] = [
  { cod_campus: 1, nome_campus: 'Campus Centro' },
  { cod_campus: 2, nome_campus: 'Campus Tecnológico' },
];
const LIBRARIES: Library[] = [
  { cod_biblioteca: 10, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 20, desc_biblioteca: 'Biblioteca do Campus Tecnológico', cod_campus: 2 },
];

/** Answers the campus and library lookups; the suggestion POST is recorded and answered 201. */
function stubApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        if (url.pathname === '/api/campus') return jsonResponse(CAMPUSES);
        if (url.pathname === '/api/unidade-informacao')
          return jsonResponse(
            LIBRARIES.filter((l) => l.cod_campus === Number(url.searchParams.get('campus'))),
          );
        sent.push(JSON.parse(String(init?.body ?? 'null')));
        return jsonResponse(
          { codigo: 3, situacao: 'pre-sugestao', data_criacao: '2031-05-10T12:00:00Z' },
          201,
        );
      }),
    ),
  );
  return sent;
}

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(() => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
});

describe('the personal area’s acquisition screen (SPEC §3, §5, §6)', () => {
  it('names the required fields left blank, then sends with the first campus and library and says so', async () => {
    const sent = stubApi();
    renderWithProviders(<AcquisitionScreen suggestionsHref="/meupergamum/sugestoes" />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugestão' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'O campo Título é obrigatório.',
      'O campo Editora é obrigatório.',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Título/ }));
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Vidas secas');
    await userEvent.type(screen.getByRole('textbox', { name: /^Editora/ }), 'Record');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugestão' }));
    expect(await screen.findByText(/Sugestão "Vidas secas" enviada\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acompanhar minhas sugestões' }).getAttribute('href')).toBe(
      '/meupergamum/sugestoes',
    );
    expect(sent).toEqual([
      { campus: 1, biblioteca: 10, titulo: 'Vidas secas', editor: 'Record', periodico: false },
    ]);
    expect((screen.getByRole('textbox', { name: /^Título/ }) as HTMLInputElement).value).toBe('');
  });

  it('gives teachers the link to the institution’s system only when the acquisition option is on', async () => {
    stubApi();
    const client = createConfiguredQueryClient();
    client.setQueryData(
      getInstitutionQueryOptions().queryKey,
      buildInstitution({ params: { __web_aquisicao: 'S', __web_url_pw: 'https://web.example/pw' } }),
    );
    renderWithProviders(<AcquisitionScreen />, { queryClient: client });
    expect(
      screen.getByRole('link', { name: /Abrir o sistema web para professores/ }).getAttribute('href'),
    ).toBe('https://web.example/pw');
  });

  it('shows no teachers’ link when the option is off', async () => {
    stubApi();
    renderWithProviders(<AcquisitionScreen />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    expect(screen.queryByRole('link', { name: /Abrir o sistema web para professores/ })).toBeNull();
  });
});
