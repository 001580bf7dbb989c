import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIBRARY_REQUEST_ERROR_CODE, type LibraryRequest } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { BibliographicSwitchingScreen } from './bibliographic-switching-screen';

interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/** Stands in for the API (fetch stubbed, everything else real); records every call. */
function stubApi(answers: Record<string, (call: SentCall) => Response>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        const method = init?.method ?? 'GET';
        const call = {
          method,
          path: url.pathname,
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        };
        sent.push(call);
        const answer = answers[`${method} ${call.path}`];
        return answer ? answer(call) : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return sent;
}

const LIBRARIES = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial', cod_campus: 1 },
];
const SENT: LibraryRequest = {
  codigo: 41,
  tipo: 'comutacao-bibliografica',
  subtipo: 'artigo',
  biblioteca: { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial' },
  situacao: 'aguardando',
  campos: {},
  data_solicitacao: '2031-05-10T12:00:00.000Z',
  data_atualizacao: '2031-05-10T12:00:00.000Z',
  historico: [{ situacao: 'aguardando', data: '2031-05-10T12:00:00.000Z', observacao: null }],
  resposta: null,
  pode_cancelar: true,
};

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(() => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
});

describe('bibliographic switching form (SPEC §3, §5)', () => {
  const common = {
    'GET /api/unidade-informacao': () => jsonResponse(LIBRARIES),
    'GET /api/pessoas/email-pessoa-logada': () => jsonResponse({ email: 'ana@exemplo.org' }),
  };

  it(
    'names each missing field, refuses a start page after the end page, and sends nothing until fixed',
    { timeout: 30_000 },
    async () => {
      let answer = jsonResponse(SENT, 201);
      const sent = stubApi({
        ...common,
        'POST /api/solicitacoes/comutacao-bibliografica/artigo': () => answer,
      });
      renderWithProviders(<BibliographicSwitchingScreen requestsHref="/meupergamum/pedidos" />);
      const send = await screen.findByRole('button', { name: 'Enviar pedido de comutação' });
      expect((screen.getByLabelText(/E-mail para contato/) as HTMLInputElement).value).toBe(
        'ana@exemplo.org',
      );
      await userEvent.click(send);
      const messages = (await screen.findAllByRole('alert')).map((m) => m.textContent);
      expect(messages).toEqual([
        'O campo Título do artigo é obrigatório.',
        'O campo Título do periódico é obrigatório.',
        'O campo Ano é obrigatório.',
        'O campo Biblioteca é obrigatório.',
      ]);
      expect(document.activeElement).toBe(screen.getByLabelText(/Título do artigo/));

      await userEvent.type(screen.getByLabelText(/Título do artigo/), 'Bibliotecas e leitura');
      await userEvent.type(screen.getByLabelText(/Título do periódico/), 'Revista de Biblioteconomia');
      await userEvent.type(screen.getByLabelText(/^Ano/), '2019');
      await userEvent.type(screen.getByLabelText(/Página inicial/), '30');
      await userEvent.type(screen.getByLabelText(/Página final/), '12');
      await userEvent.selectOptions(screen.getByLabelText(/Biblioteca/), '2');
      await userEvent.click(send);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'A página inicial não pode ser maior que a página final.',
      );
      expect(sent.filter((c) => c.method === 'POST')).toEqual([]);

      // The server's refusal shows in place, translated, and what was typed stays.
      answer = jsonResponse(
        { code: LIBRARY_REQUEST_ERROR_CODE.INVALID, message: 'libraryRequests.errors.yearInvalid' },
        422,
      );
      await userEvent.clear(screen.getByLabelText(/Página final/));
      await userEvent.type(screen.getByLabelText(/Página final/), '45');
      await userEvent.click(send);
      expect((await screen.findByRole('alert')).textContent).toContain('Informe um ano válido');
      expect((screen.getByLabelText(/Título do artigo/) as HTMLInputElement).value).toBe(
        'Bibliotecas e leitura',
      );

      answer = jsonResponse(SENT, 201);
      await userEvent.click(send);
      expect(
        await screen.findByText(
          'A biblioteca recebeu seu pedido nº 41 e avisará você quando houver resposta.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Acompanhar meus pedidos' }).getAttribute('href')).toBe(
        '/meupergamum/pedidos',
      );
      const posts = sent.filter((c) => c.method === 'POST');
      expect(posts.at(-1)!.body).toEqual({
        titulo: 'Bibliotecas e leitura',
        titulo_periodico: 'Revista de Biblioteconomia',
        ano: 2019,
        pagina_inicial: 30,
        pagina_final: 45,
        biblioteca: 2,
        email: 'ana@exemplo.org',
      });
      // The work is asked for; the contact stays for the next request.
      expect((screen.getByLabelText(/Título do artigo/) as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText(/E-mail para contato/) as HTMLInputElement).value).toBe(
        'ana@exemplo.org',
      );
    },
  );

  it('asks a thesis for its degree and offers the survey in its own tab', async () => {
    stubApi(common);
    renderWithProviders(<BibliographicSwitchingScreen />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Tese ou dissertação' }));
    const degree = screen.getByLabelText(/Grau/);
    expect(
      within(degree)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione…', 'Mestrado', 'Doutorado', 'Pós-doutorado']);
    expect(screen.queryByLabelText(/Título do periódico/)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Levantamento bibliográfico' }));
    expect(await screen.findByRole('button', { name: 'Enviar pedido de levantamento' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Idiomas' })).toBeTruthy();
  });
});
