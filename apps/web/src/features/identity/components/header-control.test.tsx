import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createConfiguredQueryClient, renderWithProviders } from '../../../testing/render';
import { buildInstitution } from '../../../testing/factories';
import { getInstitutionQueryOptions } from '../../chrome/api/get-institution';
import { i18n } from '../../../lib/i18n';
import { buildUserSession } from '../../../testing/identity';
import { clearSession, saveSession } from '../utils/session';
import { HeaderControl } from './header-control';

const signIn = () =>
  saveSession({
    ...buildUserSession({ nome_pessoa: 'Ana Beatriz Souza' }),
    credentials: { token: 't', refresh: 'r', expiresAt: Date.now() + 600_000 },
    persistent: false,
  });

afterEach(async () => {
  await clearSession();
});

describe('HeaderControl (SPEC §2 header control)', () => {
  it('offers a visitor the login, carrying the current page as the redirect', () => {
    renderWithProviders(<HeaderControl />, { route: '/acervo/12?x=1', path: '/acervo/:id' });
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/login?redirect=%2Facervo%2F12%3Fx%3D1',
    );
  });

  it('greets a signed-in patron by first name, with the personal area and logout', async () => {
    await signIn();
    renderWithProviders(<HeaderControl />);
    expect(screen.getByText('Olá, Ana')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Minha conta' }).getAttribute('href')).toBe('/meupergamum');
    expect(screen.getByRole('link', { name: 'Sair' }).getAttribute('href')).toBe('/sair');
    expect(screen.queryByRole('link', { name: 'Entrar' })).toBeNull();
  });

  it('names the personal area as the institution brands it, in every language', async () => {
    await signIn();
    const queryClient = createConfiguredQueryClient();
    queryClient.setQueryData(
      getInstitutionQueryOptions().queryKey,
      buildInstitution({ nome_area_pessoal: 'Meu Espaço UFSC' }),
    );
    renderWithProviders(<HeaderControl />, { queryClient });
    expect(screen.getByRole('link', { name: 'Meu Espaço UFSC' }).getAttribute('href')).toBe('/meupergamum');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('link', { name: 'Meu Espaço UFSC' })).toBeTruthy();
    await act(() => i18n.changeLanguage('pt'));
  });

  it('uses the neutral name of the patron language when the institution sets none', async () => {
    await signIn();
    renderWithProviders(<HeaderControl />);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toBeTruthy();
    await act(() => i18n.changeLanguage('pt'));
  });

  it('switches back to the login button when the session ends', async () => {
    await signIn();
    renderWithProviders(<HeaderControl />);
    expect(screen.getByText('Olá, Ana')).toBeTruthy();
    await act(() => clearSession());
    expect(screen.getByRole('link', { name: 'Entrar' })).toBeTruthy();
  });
});
