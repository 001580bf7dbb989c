import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicTitleComment } from '@estante/contract';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { ApprovedComments } from './approved-comments';

const comment = (codigo: number): PublicTitleComment => ({
  codigo,
  texto: `Comentário ${codigo}`,
  data_envio: '2031-05-10T12:00:00.000Z',
  autor: 'Ana',
});

afterEach(() => vi.unstubAllGlobals());

describe("a record's approved comments (SPEC §4, §7 GET /comentarios/acervo/{id})", () => {
  it('pages them, newest first, each with the first name and the day; the list takes the focus', async () => {
    const pages: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) => {
          const page = Number(url.searchParams.get('paginaAtiva'));
          pages.push(`${url.pathname}?${page}`);
          const data = page === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(comment) : [2, 1].map(comment);
          return jsonResponse({ data, total: 12, paginaAtiva: page, quantPag: 10 });
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <h2 id="comments-heading">Comentários</h2>
        <ApprovedComments titleId={7} labelledBy="comments-heading" />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Comentários' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain(
      'Ana, em 10/05/2031Comentário 12',
    );
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comentários mais recentes' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Comentários mais antigos' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(document.activeElement).toBe(list);
    expect(screen.getByText('Página 2 de 2')).toBeTruthy();
    expect(pages).toEqual(['/api/comentarios/acervo/7?1', '/api/comentarios/acervo/7?2']);
  });

  it('says when there is none yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(fetchWith(() => jsonResponse({ data: [], total: 0, paginaAtiva: 1, quantPag: 10 }))),
    );
    renderWithProviders(<ApprovedComments titleId={7} labelledBy="x" />);
    expect(await screen.findByText('Ainda não há comentários publicados sobre esta obra.')).toBeTruthy();
  });
});
