import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../../config/env';
import { renderWithProviders } from '../../../testing/render';
import { basketTransitions, readStoredBasket, resetBasketCache, updateBasket } from '../utils/basket';
import { BasketCounter } from './basket-counter';
import { BasketToggle } from './basket-toggle';
import { BasketList, type BasketEntry } from './basket-list';
import { AddSelectedToBasket, BasketSelectionProvider, SelectForBasket } from './basket-selection';

function stored(): unknown {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.basket) ?? 'null');
}

describe('basket transitions (SPEC §4)', () => {
  it('adds once, adds many without repeats, removes, clears and sets', () => {
    expect(basketTransitions.add([1], 1)).toEqual([1]);
    expect(basketTransitions.add([1], 2)).toEqual([1, 2]);
    expect(basketTransitions.addMany([1], [2, 1, 3, 2])).toEqual([1, 2, 3]);
    expect(basketTransitions.remove([1, 2, 3], 2)).toEqual([1, 3]);
    expect(basketTransitions.clear()).toEqual([]);
    expect(basketTransitions.set([9], [4, 5, 4])).toEqual([4, 5]);
  });

  it('reads only positive whole ids back from storage and ignores anything unreadable', () => {
    localStorage.setItem(STORAGE_KEYS.basket, JSON.stringify([3, 'x', -1, 3, 2.5, 7]));
    expect(readStoredBasket()).toEqual([3, 7]);
    localStorage.setItem(STORAGE_KEYS.basket, '{not json');
    expect(readStoredBasket()).toEqual([]);
  });
});

describe('basket components', () => {
  beforeEach(() => {
    localStorage.clear();
    resetBasketCache();
  });
  afterEach(() => {
    localStorage.clear();
    resetBasketCache();
  });

  it('toggles a title in and out of the basket, keeps it in localStorage, and the counter follows', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <BasketCounter />
        <BasketToggle id={7} title="Dom Casmurro" />
      </>,
    );
    const counter = screen.getByRole('link', { name: 'Cesta (0)' });
    expect(counter.getAttribute('href')).toBe('/cesta');

    await user.click(screen.getByRole('button', { name: 'Adicionar à cesta: Dom Casmurro' }));
    expect(stored()).toEqual([7]);
    expect(screen.getByRole('link', { name: 'Cesta (1)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remover da cesta: Dom Casmurro' }));
    expect(stored()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Cesta (0)' })).toBeTruthy();
  });

  it('starts from the basket stored by an earlier visit (a reload)', () => {
    localStorage.setItem(STORAGE_KEYS.basket, JSON.stringify([1, 2, 3]));
    renderWithProviders(<BasketCounter />);
    expect(screen.getByRole('link', { name: 'Cesta (3)' })).toBeTruthy();
  });

  it('adds the ticked results together, and "select all" ticks every result shown', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <BasketSelectionProvider>
        <BasketCounter />
        <AddSelectedToBasket ids={[1, 2, 3]} />
        <SelectForBasket id={1} title="Um" />
        <SelectForBasket id={2} title="Dois" />
        <SelectForBasket id={3} title="Três" />
      </BasketSelectionProvider>,
    );
    const add = screen.getByRole('button', { name: /selecionados? à cesta/ });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar “Um”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar “Três”' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar 2 selecionados à cesta' }));
    expect(stored()).toEqual([1, 3]);
    expect(screen.getByRole('link', { name: 'Cesta (2)' })).toBeTruthy();
    // The selection is cleared once added.
    expect((screen.getByRole('checkbox', { name: 'Selecionar “Um”' }) as HTMLInputElement).checked).toBe(
      false,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar 3 selecionados à cesta' }));
    expect(stored()).toEqual([1, 3, 2]);
  });

  it('lists the titles with links, removes one, and clears all only after confirming', async () => {
    const user = userEvent.setup();
    act(() => updateBasket(() => [1, 2, 404]));
    const entries: BasketEntry[] = [
      { id: 1, state: 'ready', titulo: 'Dom Casmurro', autor: 'Assis, Machado de', ano_publicacao: 1899 },
      { id: 2, state: 'ready', titulo: 'Iracema', autor: null, ano_publicacao: null },
      { id: 404, state: 'missing' },
    ];
    renderWithProviders(<BasketList entries={entries} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Dom Casmurro' }).getAttribute('href')).toBe('/acervo/1');
    expect(first.getByText('Assis, Machado de')).toBeTruthy();
    expect(first.getByText('1899')).toBeTruthy();
    expect(within(items[2]!).getByText('Este título não está mais no catálogo.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remover da cesta: Iracema' }));
    expect(stored()).toEqual([1, 404]);

    await user.click(screen.getByRole('button', { name: 'Esvaziar a cesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esvaziar a cesta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toEqual([1, 404]);

    await user.click(screen.getByRole('button', { name: 'Esvaziar a cesta' }));
    const again = await screen.findByRole('dialog', { name: 'Esvaziar a cesta?' });
    await user.click(within(again).getByRole('button', { name: 'Esvaziar a cesta' }));
    expect(stored()).toEqual([]);
  });

  it('shows the empty state', () => {
    renderWithProviders(<BasketList entries={[]} />);
    expect(screen.getByText('Sua cesta está vazia.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pesquise o acervo e adicione títulos à cesta.' })).toBeTruthy();
  });
});
