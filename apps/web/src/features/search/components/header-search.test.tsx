import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { SEARCH_SHORTCUT_ATTRIBUTE, useSearchShortcut } from '../hooks/use-search-shortcut';
import { HeaderSearch } from './header-search';

/** A page with the header's box, and optionally a search form of its own in the main content. */
function Page({ withOwnForm = false }: { withOwnForm?: boolean }) {
  useSearchShortcut();
  return (
    <>
      <header>
        <HeaderSearch />
      </header>
      <main>
        <input aria-label="note" />
        {withOwnForm && <input aria-label="page search" {...{ [SEARCH_SHORTCUT_ATTRIBUTE]: '' }} />}
      </main>
    </>
  );
}

describe('HeaderSearch', () => {
  it('searches the whole catalogue on the simple tab, and empties itself for the next search', async () => {
    const { router } = renderWithProviders(<Page />, { route: '/cesta', path: '*' });
    const box = await screen.findByRole('searchbox', { name: 'Buscar no catálogo' });
    await userEvent.type(box, '  dom casmurro {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?termo=dom+casmurro');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('asks for a term when sent empty, and keeps the focus in the box (SPEC §5)', async () => {
    const { router } = renderWithProviders(<Page />, { route: '/cesta', path: '*' });
    await userEvent.click(await screen.findByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('O campo acima é obrigatório')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Buscar no catálogo' }));
    expect(router.state.location.pathname).toBe('/cesta');
  });

  it('is reached with the / key, which prefers the page’s own search form and is typed as text in a field', async () => {
    renderWithProviders(<Page />, { route: '/cesta', path: '*' });
    await screen.findByRole('searchbox', { name: 'Buscar no catálogo' });
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Buscar no catálogo' }));
    expect((document.activeElement as HTMLInputElement).value).toBe('');

    const note = screen.getByRole('textbox', { name: 'note' });
    await userEvent.type(note, 'a/b');
    expect((note as HTMLInputElement).value).toBe('a/b');
    expect(document.activeElement).toBe(note);
  });

  it('sends / to the search form of the page when it has one', async () => {
    renderWithProviders(<Page withOwnForm />, { route: '/', path: '*' });
    await screen.findByRole('searchbox', { name: 'Buscar no catálogo' });
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'page search' }));
  });
});
