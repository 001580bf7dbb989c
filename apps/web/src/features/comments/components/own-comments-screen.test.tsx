import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnTitleComment } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { OwnCommentsScreen } from './own-comments-screen';

const comment = (over: Partial<OwnTitleComment>): OwnTitleComment => ({
  codigo: 1,
  cod_acervo: 7,
  titulo: 'Dom Casmurro',
  texto: 'Recomendo.',
  data_envio: '2031-05-10T12:00:00.000Z',
  situacao: 'pendente',
  data_avaliacao: null,
  motivo_recusa: null,
  ...over,
});

/** Stands in for the API: the patron's list, and a DELETE that removes from it. */
function stubApi(initial: OwnTitleComment[]) {
  let comments = initial;
  const deleted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        if (init?.method === 'DELETE') {
          deleted.push(url.pathname);
          comments = comments.filter((c) => !url.pathname.endsWith(`/${c.codigo}`));
          return new Response(null, { status: 204 });
        }
        if (url.pathname === '/api/comentarios/usuario/acervos') return jsonResponse(comments);
        return jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return deleted;
}

beforeEach(() =>
  setUserCredentials({ token: 'patron-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 }),
);
afterEach(() => {
  setUserCredentials(null);
});

describe('my comments (SPEC §7 /comentarios/usuario/…)', () => {
  it('shows each comment with its linked title, text, dates and state in words, and a refusal’s reason', async () => {
    stubApi([
      comment({ codigo: 3, texto: 'Linha 1\n<i>Linha 2</i>' }),
      comment({
        codigo: 2,
        cod_acervo: 9,
        titulo: 'Iracema',
        situacao: 'recusado',
        data_avaliacao: '2031-05-11T09:00:00.000Z',
        motivo_recusa: 'Fora do tema.',
      }),
      comment({ codigo: 1, situacao: 'aprovado', data_avaliacao: '2031-05-11T09:00:00.000Z' }),
    ]);
    renderWithProviders(<OwnCommentsScreen />);
    const list = await screen.findByRole('list', { name: 'Seus comentários' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe(
      '/acervo/7',
    );
    expect(items[0]?.textContent).toContain('Aguardando aprovação');
    expect(items[0]?.textContent).toContain('Enviado em 10/05/2031');
    expect(items[0]?.textContent).not.toContain('Avaliado em');
    // Plain text: markup is shown as typed.
    expect(within(items[0]!).getByText(/<i>Linha 2<\/i>/)).toBeTruthy();
    expect(items[0]!.querySelector('i')).toBeNull();
    expect(items[1]?.textContent).toContain('Recusado');
    expect(items[1]?.textContent).toContain('Avaliado em 11/05/2031');
    expect(items[1]?.textContent).toContain('Motivo da recusa: Fora do tema.');
    expect(items[2]?.textContent).toContain('Aprovado');
    expect(items[2]?.textContent).not.toContain('Motivo da recusa');
  });

  it('deletes a comment only after the patron confirms, then the list is read again', async () => {
    const deleted = stubApi([comment({ codigo: 5 })]);
    const user = userEvent.setup();
    renderWithProviders(<OwnCommentsScreen />);
    const remove = await screen.findByRole('button', { name: 'Excluir o comentário sobre Dom Casmurro' });
    await user.click(remove);
    await user.click(await screen.findByRole('button', { name: 'Manter' }));
    expect(deleted).toEqual([]);

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Excluir comentário' });
    expect(dialog?.textContent).toContain('Excluir o seu comentário sobre “Dom Casmurro”?');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toEqual(['/api/comentarios/usuario/5']));
    expect(await screen.findByText(/Você ainda não comentou nenhuma obra/)).toBeTruthy();
    expect(await screen.findByText('Comentário excluído.')).toBeTruthy();
  });
});
