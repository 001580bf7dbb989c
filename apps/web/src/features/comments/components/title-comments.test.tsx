import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnTitleComment } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { TitleComments } from './title-comments';

const EMPTY_PAGE = { data: [], total: 0, paginaAtiva: 1, quantPag: 10 };

const waiting = (texto: string): OwnTitleComment => ({
  codigo: 9,
  cod_acervo: 7,
  titulo: 'Dom Casmurro',
  texto,
  data_envio: '2031-05-10T12:00:00.000Z',
  situacao: 'pendente',
  data_avaliacao: null,
  motivo_recusa: null,
});

/** Stands in for the API; `answerPost` answers the comment sent. Answers the bodies posted. */
function stubApi(answerPost: () => Response) {
  const posted: unknown[] = [];
  let own: OwnTitleComment[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        if (url.pathname === '/api/comentarios/acervo/7' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { content: string };
          posted.push(body);
          const answer = answerPost();
          if (answer.status === 201) own = [waiting(body.content)];
          return answer;
        }
        if (url.pathname === '/api/comentarios/acervo/7') return jsonResponse(EMPTY_PAGE);
        if (url.pathname === '/api/comentarios/usuario/acervo/7') return jsonResponse(own);
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return posted;
}

afterEach(() => {
  setUserCredentials(null);
  vi.unstubAllGlobals();
});

describe('comments on the record page (SPEC §5, §8; decision 0042)', () => {
  it('asks a visitor to sign in to write one', async () => {
    stubApi(() => jsonResponse({}, 500));
    const onSignIn = vi.fn();
    renderWithProviders(<TitleComments titleId={7} isSignedIn={false} onSignIn={onSignIn} />);
    const section = screen.getByRole('region', { name: 'Comentários' });
    expect(
      await within(section).findByText('Ainda não há comentários publicados sobre esta obra.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Entrar para comentar' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('sends the trimmed text only once there is text, then says it awaits approval and lists it', async () => {
    setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
    const posted = stubApi(() => jsonResponse({ ...waiting('x'), aprovacao_necessaria: true }, 201));
    const user = userEvent.setup();
    renderWithProviders(<TitleComments titleId={7} isSignedIn onSignIn={() => undefined} />);
    // The form loads when first drawn (issue 18).
    const send = (await screen.findByRole('button', { name: 'Enviar comentário' })) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const field = screen.getByRole('textbox', { name: 'Seu comentário' });
    // Blank text is not sent: the message names the field.
    await user.type(field, '   ');
    await user.click(send);
    expect(await screen.findByText('O campo Seu comentário é obrigatório.')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Ótima edição.  ');
    await user.click(send);
    await waitFor(() => expect(posted).toEqual([{ content: 'Ótima edição.' }]));
    expect(
      await screen.findByText('Comentário enviado. Ele aparecerá aqui depois que a biblioteca o aprovar.'),
    ).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');
    const list = await screen.findByRole('list', { name: 'Seus comentários aguardando aprovação' });
    expect(list.textContent).toContain('Aguardando aprovação');
    expect(list.textContent).toContain('Ótima edição.');
  });

  it('shows the limit of comments awaiting approval in the form, keeping the text', async () => {
    setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
    stubApi(() =>
      jsonResponse({ message: 'comments.errors.limitExceeded', code: 'COMMENT_LIMIT_EXCEEDED' }, 422),
    );
    const user = userEvent.setup();
    renderWithProviders(<TitleComments titleId={7} isSignedIn onSignIn={() => undefined} />);
    const field = await screen.findByRole('textbox', { name: 'Seu comentário' });
    await user.type(field, 'Mais um');
    await user.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    expect(await screen.findByText(/Você atingiu o limite de comentários aguardando aprovação/)).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('Mais um');
  });
});
