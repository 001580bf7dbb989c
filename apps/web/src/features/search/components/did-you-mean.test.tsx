import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DidYouMeanResponse } from '@estante/contract';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { DidYouMean } from './did-you-mean';

/** Answers the suggestion call; records what was asked. */
function stubSuggestion(answer: (term: string) => DidYouMeanResponse) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        asked.push(url.searchParams);
        return jsonResponse(answer(url.searchParams.get('termo') ?? ''));
      }),
    ),
  );
  return asked;
}

/** Lets an answer that has arrived be rendered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const hrefFor = (term: string) => `/?termo=${encodeURIComponent(term)}`;

describe('DidYouMean', () => {
  it('offers the corrected search as a link with the number of records it finds', async () => {
    const asked = stubSuggestion((termo) => ({ termo, sugestao: { termo: 'machado de assis', total: 15 } }));
    const { router } = renderWithProviders(
      <DidYouMean term="machadoo de asis" resultCount={0} searchType="autor" hrefFor={hrefFor} />,
    );
    const link = await screen.findByRole('link', { name: 'machado de assis' });
    expect(link.closest('p')?.textContent).toBe('Você quis dizer machado de assis? (15 registros)');
    expect(link.getAttribute('href')).toBe('/?termo=machado%20de%20assis');
    expect(asked.map((q) => `${q.get('termo')}|${q.get('tipoBusca')}`)).toEqual(['machadoo de asis|autor']);
    await userEvent.click(link);
    expect(router.state.location.search).toBe('?termo=machado%20de%20assis');
  });

  it('speaks Spanish and counts one record in the singular', async () => {
    await i18n.changeLanguage('es');
    stubSuggestion((termo) => ({ termo, sugestao: { termo: 'sertão', total: 1 } }));
    renderWithProviders(<DidYouMean term="sertaoo" resultCount={0} hrefFor={hrefFor} />);
    const link = await screen.findByRole('link', { name: 'sertão' });
    expect(link.closest('p')?.textContent).toBe('¿Quiso decir sertão? (1 registro)');
  });

  it('shows nothing when there is no better search, or when it finds no more than the typed one', async () => {
    const asked = stubSuggestion((termo) =>
      termo === 'dom casmurro'
        ? { termo, sugestao: null }
        : { termo, sugestao: { termo: 'dom casmurro', total: 3 } },
    );
    const { unmount } = renderWithProviders(
      <DidYouMean term="dom casmurro" resultCount={3} hrefFor={hrefFor} />,
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    await settle();
    expect(screen.queryByText(/quis dizer/)).toBeNull();
    unmount();
    renderWithProviders(<DidYouMean term="dom casmurr" resultCount={3} hrefFor={hrefFor} />);
    await waitFor(() => expect(asked).toHaveLength(2));
    await settle();
    expect(screen.queryByText(/quis dizer/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
