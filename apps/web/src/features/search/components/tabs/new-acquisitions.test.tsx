import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../../lib/i18n';
import { renderWithProviders } from '../../../../testing/render';
import { DEFAULT_SEARCH_STATE } from '../../hooks/use-search-state';
import { AtomFeedLink } from './atom-feed-link';

describe('AtomFeedLink', () => {
  const state = { ...DEFAULT_SEARCH_STATE, term: 'direito', options: { dias: ['7'] }, page: 3 };

  it('announces the feed of the search to browsers and feed readers in the document head', () => {
    renderWithProviders(<AtomFeedLink state={state} />);
    const link = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(link).not.toBeNull();
    expect(link?.getAttribute('title')).toBe('Novas aquisições (Atom)');
    const url = new URL(link!.getAttribute('href')!);
    expect(url.pathname).toBe('/api/consulta/novas-aquisicoes.atom');
    // The same search, in the patron's language; the page is not part of a feed.
    expect(url.searchParams.get('termo')).toBe('direito');
    expect(url.searchParams.getAll('opcao')).toEqual(['dias:7']);
    expect(url.searchParams.get('lang')).toBe('pt');
    expect(url.searchParams.has('paginaAtiva')).toBe(false);
  });

  it('offers a visible subscribe link to the same feed, reachable with the keyboard', async () => {
    renderWithProviders(<AtomFeedLink state={state} />);
    await userEvent.tab();
    const subscribe = screen.getByRole('link', { name: 'Assinar estas novas aquisições (Atom)' });
    expect(document.activeElement).toBe(subscribe);
    expect(subscribe.getAttribute('href')).toBe(
      document.head.querySelector('link[type="application/atom+xml"]')?.getAttribute('href'),
    );
    expect(subscribe.getAttribute('type')).toBe('application/atom+xml');
  });

  it('asks for the feed in English when the interface is in English', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<AtomFeedLink state={DEFAULT_SEARCH_STATE} />);
    const subscribe = screen.getByRole('link', { name: 'Subscribe to these new acquisitions (Atom)' });
    expect(new URL(subscribe.getAttribute('href')!).searchParams.get('lang')).toBe('en');
  });
});
