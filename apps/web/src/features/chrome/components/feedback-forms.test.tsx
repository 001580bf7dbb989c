import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
import { getInstitutionQueryOptions } from '../api/get-institution';
import { CommentForm } from './comment-form';
import { SuggestionForm, teachersLink } from './suggestion-form';

const CAMPUSES: Campus[] = [
  { cod_campus: 1, nome_campus: 'Campus Centro' },
  { cod_campus: 2, nome_campus: 'Campus Tecnológico' },
];
const LIBRARIES: Library[] = [
  { cod_biblioteca: 10, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 11, desc_biblioteca: 'Biblioteca de Ciências da Saúde', cod_campus: 1 },
  { cod_biblioteca: 20, desc_biblioteca: 'Biblioteca do Campus Tecnológico', cod_campus: 2 },
];

interface Sent {
  path: string;
  body: unknown;
  authorization: string | null;
}

/** Answers the campus and library lookups; POSTs get `answer`, and are recorded in `sent`. */
function stubApi(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith(async (url, init) => {
        if (url.pathname === '/api/campus') return jsonResponse(CAMPUSES);
        if (url.pathname === '/api/unidade-informacao') {
          const campus = Number(url.searchParams.get('campus'));
          return jsonResponse(LIBRARIES.filter((l) => l.cod_campus === campus));
        }
        const headers = new Headers(init?.headers);
        sent.push({
          path: url.pathname,
          body: JSON.parse(String(init?.body ?? 'null')),
          authorization: headers.get('authorization'),
        });
        return answer();
      }),
    ),
  );
  return sent;
}

beforeEach(() => {
  // A signed-in patron: the forms send with private headers (the patron's token).
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
});
afterEach(() => {
  setUserCredentials(null);
});

/** Picks a campus, waits for its libraries and picks one, as a patron would. */
async function chooseLibrary(campus: string, library: string) {
  await screen.findByRole('option', { name: campus });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Campus' }), campus);
  await screen.findByRole('option', { name: library });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /Biblioteca/ }), library);
}

describe('general comment form (SPEC §5, §8)', () => {
  it('enables Send only with text and a library, and sends the trimmed text with the library code', async () => {
    const sent = stubApi(() =>
      jsonResponse({ codigo: 1, data_envio: '2031-05-10T12:00:00Z', aprovacao_necessaria: true }, 201),
    );
    const onClose = vi.fn();
    renderWithProviders(<CommentForm onClose={onClose} />);
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send.hasAttribute('disabled')).toBe(true);

    await userEvent.type(
      screen.getByRole('textbox', { name: /Comentário/ }),
      '  Faltam tomadas no 2º andar.  ',
    );
    expect(send.hasAttribute('disabled')).toBe(true);
    await chooseLibrary('Campus Centro', 'Biblioteca de Ciências da Saúde');
    expect(send.hasAttribute('disabled')).toBe(false);

    await userEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        path: '/api/unidade-informacao/comentario',
        body: { content: 'Faltam tomadas no 2º andar.', b: 11 },
        authorization: 'Bearer patron-token',
      },
    ]);
    expect(await screen.findByText('Comentário enviado. Obrigado!')).toBeTruthy();
  });

  it('silently sends nothing when the text is only spaces', async () => {
    const sent = stubApi(() => jsonResponse({}, 500));
    const onClose = vi.fn();
    renderWithProviders(<CommentForm onClose={onClose} />);
    await chooseLibrary('Campus Tecnológico', 'Biblioteca do Campus Tecnológico');
    await userEvent.type(screen.getByRole('textbox', { name: /Comentário/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back to "no library" when the campus changes, so Send is disabled again', async () => {
    stubApi(() => jsonResponse({}, 500));
    renderWithProviders(<CommentForm onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Comentário/ }), 'Oi');
    await chooseLibrary('Campus Centro', 'Biblioteca Central');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Campus' }), 'Campus Tecnológico');
    expect((screen.getByRole('combobox', { name: /Biblioteca/ }) as HTMLSelectElement).value).toBe('-1');
    expect(screen.getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows "comment limit exceeded" in the form on a 422, keeps the text and stays open', async () => {
    stubApi(() =>
      jsonResponse({ message: 'feedback.comment.limitExceeded', code: 'COMMENT_LIMIT_EXCEEDED' }, 422),
    );
    const onError = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<CommentForm onClose={onClose} />, {
      queryClient: createConfiguredQueryClient(onError),
    });
    await chooseLibrary('Campus Centro', 'Biblioteca Central');
    const text = screen.getByRole('textbox', { name: /Comentário/ });
    await userEvent.type(text, 'Mais um comentário');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Limite de comentários excedido. Você poderá enviar outro comentário amanhã.'),
    ).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('Mais um comentário');
    expect(onClose).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('acquisition suggestion form (SPEC §3, §5)', () => {
  it('preselects the first campus and its first library, and marks the required fields', async () => {
    stubApi(() => jsonResponse({}, 500));
    renderWithProviders(<SuggestionForm onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    expect((screen.getByRole('combobox', { name: 'Campus' }) as HTMLSelectElement).value).toBe('1');
    expect((screen.getByRole('combobox', { name: /Biblioteca/ }) as HTMLSelectElement).value).toBe('10');
    for (const name of [/^Título/, /^Editora/]) {
      const field = screen.getByRole('textbox', { name });
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain('*');
    }
    expect(screen.getByText('Os campos marcados com * são obrigatórios.')).toBeTruthy();
  });

  it('names each required field left blank (spaces count as blank), focuses the first and sends nothing', async () => {
    const sent = stubApi(() => jsonResponse({}, 500));
    renderWithProviders(<SuggestionForm onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['O campo Título é obrigatório.', 'O campo Editora é obrigatório.']);
    const title = screen.getByRole('textbox', { name: /^Título/ });
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('checks the ISBN when one is given', async () => {
    const sent = stubApi(() => jsonResponse({}, 500));
    renderWithProviders(<SuggestionForm onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), 'Redes de computadores');
    await userEvent.type(screen.getByRole('textbox', { name: /^Editora/ }), 'Pearson');
    await userEvent.type(screen.getByRole('textbox', { name: 'ISBN/ISSN' }), '978-85-8260-388-0');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'O ISBN/ISSN informado não é válido. Confira os dígitos.',
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'ISBN/ISSN' }));
    expect(sent).toEqual([]);
  });

  it('shows a spinner with "Enviando…" while sending, then the toast, closing with the trimmed payload sent', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const sent = stubApi(async () => {
      await answered;
      return jsonResponse({ codigo: 7, situacao: 'pre-sugestao', data_criacao: '2031-05-10T12:00:00Z' }, 201);
    });
    const onClose = vi.fn();
    renderWithProviders(<SuggestionForm onClose={onClose} />);
    await screen.findByRole('option', { name: 'Biblioteca Central' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Campus' }), '2');
    await screen.findByRole('option', { name: 'Biblioteca do Campus Tecnológico' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Autor' }), ' Tanenbaum, Andrew S. ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Título/ }), '  Redes de computadores ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Editora/ }), ' Pearson');
    await userEvent.type(screen.getByRole('textbox', { name: 'ISBN/ISSN' }), '978-85-8260-388-8');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    const sending = await screen.findByRole('button', { name: 'Enviando…' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Sugestão de aquisição enviada. Obrigado!')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/api/unidade-informacao/sugestao-aquisicao',
        body: {
          campus: 2,
          biblioteca: 20,
          titulo: 'Redes de computadores',
          editor: 'Pearson',
          autor: 'Tanenbaum, Andrew S.',
          isbn_issn: '978-85-8260-388-8',
          periodico: false,
        },
        authorization: 'Bearer patron-token',
      },
    ]);
  });

  it('links teachers to the institution web system only when the acquisition option is on', async () => {
    expect(teachersLink(buildInstitution())).toBeNull();
    expect(
      teachersLink(
        buildInstitution({ params: { __web_aquisicao: 'N', __web_url_pw: 'https://web.example/pw' } }),
      ),
    ).toBeNull();
    stubApi(() => jsonResponse({}, 500));
    const client = createConfiguredQueryClient();
    client.setQueryData(
      getInstitutionQueryOptions().queryKey,
      buildInstitution({ params: { __web_aquisicao: 'S', __web_url_pw: 'https://web.example/pw' } }),
    );
    renderWithProviders(<SuggestionForm onClose={vi.fn()} />, { queryClient: client });
    const link = screen.getByRole('link', { name: /Abrir o sistema web para professores/ });
    expect(link.getAttribute('href')).toBe('https://web.example/pw');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
