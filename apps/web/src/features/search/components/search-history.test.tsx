import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { addToSearchHistory, clearSearchHistory, HISTORY_LIMIT } from '../hooks/use-search-history';
import { SearchHistory } from './search-history';

describe('SearchHistory', () => {
  beforeEach(() => clearSearchHistory());

  it('is absent before the first search', () => {
    renderWithProviders(<SearchHistory />);
    expect(screen.queryByRole('button', { name: /Histórico/ })).toBeNull();
  });

  it('lists the searches newest first with count and tab; a repeated search moves up instead of doubling', async () => {
    addToSearchHistory({
      fields: 'Livre: sertão',
      total: 3,
      url: '/?termo=sert%C3%A3o',
      base: 'acervo',
      tab: 'geral',
    });
    addToSearchHistory({
      fields: 'Autor: machado',
      total: 1,
      url: '/?termo=machado&tipoBusca=autor',
      base: 'acervo',
      tab: 'geral',
    });
    addToSearchHistory({
      fields: 'Livre: sertão',
      total: 2,
      url: '/?termo=sert%C3%A3o',
      base: 'acervo',
      tab: 'geral',
    });
    renderWithProviders(<SearchHistory />);
    const toggle = await screen.findByRole('button', { name: 'Histórico de pesquisa (2)' });
    await userEvent.click(toggle);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Livre: sertão', 'Autor: machado']);
    expect(links[0]!.getAttribute('href')).toBe('/?termo=sert%C3%A3o');
    expect(screen.getByText('2 registros · Pesquisa geral')).toBeTruthy();
    expect(screen.getByText('1 registro · Pesquisa geral')).toBeTruthy();
  });

  it('keeps the newest entries only, and clears on request', async () => {
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      addToSearchHistory({
        fields: `Livre: t${i}`,
        total: i,
        url: `/?termo=t${i}`,
        base: 'acervo',
        tab: 'geral',
      });
    renderWithProviders(<SearchHistory />);
    await userEvent.click(
      await screen.findByRole('button', { name: `Histórico de pesquisa (${HISTORY_LIMIT})` }),
    );
    expect(screen.getAllByRole('link')[0]!.textContent).toBe(`Livre: t${HISTORY_LIMIT + 4}`);
    await userEvent.click(screen.getByRole('button', { name: 'Limpar histórico' }));
    expect(screen.queryByRole('button', { name: /Histórico/ })).toBeNull();
    act(() =>
      addToSearchHistory({ fields: 'Livre: x', total: 0, url: '/?termo=x', base: 'acervo', tab: 'geral' }),
    );
    expect(screen.getByRole('button', { name: 'Histórico de pesquisa (1)' })).toBeTruthy();
  });
});
