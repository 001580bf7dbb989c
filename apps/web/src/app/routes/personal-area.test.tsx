import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVITY, type AuthPermission } from '@estante/contract';
import { routes } from '../router';
import { jsonResponse, renderRoutes, loadLazyRoutes } from '../../testing/render';
import { buildUserSession, stubIdentityApi } from '../../testing/identity';
import { signIn } from '../../features/identity/api/sign-in';
import { clearSession } from '../../features/identity/utils/session';
import { STORAGE_KEYS } from '../../config/env';

// The record, personal-area and staff screens are lazy routes: load their code before the tests wait.
beforeAll(() => loadLazyRoutes(routes));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const grant = (activity: number): AuthPermission => ({
  cod_modulo: 1,
  cod_atividade: activity,
  descricao: '',
});

/**
 * Ana signed in with the given permissions (GET /pessoas answers them); the personal-area screens'
 * calls answer empty, as for a patron with no loans.
 */
async function signInWith(permissions: AuthPermission[]) {
  const session = { ...buildUserSession(), authPermissions: [grant(ACTIVITY.PERSONAL_AREA), ...permissions] };
  stubIdentityApi({ ana: { password: 'estante-ana', session } });
  const identity = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/pessoas/meu-pergamum/dois-fatores') {
        return jsonResponse({ disponivel: false, ativo: false });
      }
      if (url.pathname === '/api/emprestimo/titulos-pendentes') return jsonResponse([]);
      if (url.pathname === '/api/emprestimo/token') {
        return jsonResponse({ token: null, validade: null, valido: false });
      }
      return identity(input, init);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
}

afterEach(async () => {
  await clearSession();
});

const menu = () => screen.getByRole('navigation', { name: 'Menu da área pessoal' });
const menuLabels = () =>
  within(menu())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('personal-area menu (SPEC §2, decision 0028)', () => {
  it('shows only the items whose activity the patron holds, in menu order', async () => {
    await signInWith([grant(ACTIVITY.PERSONAL_AREA_LOAN_TOKEN), grant(ACTIVITY.PERSONAL_AREA_LOANS)]);
    renderRoutes(routes, { route: '/meupergamum' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeTruthy();
    expect(menuLabels()).toEqual(['Visão geral', 'Empréstimos', 'Token de empréstimo']);
    expect(within(menu()).getByRole('link', { name: 'Visão geral' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The overview keeps the welcome.
    expect(screen.getByText('Bem-vindo(a), Ana Beatriz Souza')).toBeTruthy();
  });

  it('ignores a permission of another module', async () => {
    await signInWith([{ cod_modulo: 2, cod_atividade: ACTIVITY.PERSONAL_AREA_LOANS, descricao: '' }]);
    renderRoutes(routes, { route: '/meupergamum/app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeTruthy();
    expect(menuLabels()).toEqual(['Visão geral']);
  });

  it('opens an item at its own address, with its label as the h1 and the tab title', async () => {
    await signInWith([grant(ACTIVITY.PERSONAL_AREA_LOANS), grant(ACTIVITY.PERSONAL_AREA_LOAN_TOKEN)]);
    const { router } = renderRoutes(routes, { route: '/meupergamum' });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('navigation', { name: 'Menu da área pessoal' })).findByRole(
        'link',
        { name: 'Token de empréstimo' },
      ),
    );
    expect(router.state.location.pathname).toBe('/meupergamum/token-emprestimo');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Token de empréstimo' });
    // Focus goes to the new page's heading.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(await screen.findByText('Você não tem um token válido no momento.')).toBeTruthy();
    expect(document.title).toContain('Token de empréstimo');
    expect(
      within(menu()).getByRole('link', { name: 'Token de empréstimo' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says an item is not available to a patron without its activity, and does not call its API', async () => {
    await signInWith([grant(ACTIVITY.PERSONAL_AREA_LOAN_TOKEN)]);
    renderRoutes(routes, { route: '/meupergamum/emprestimos' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Empréstimos' })).toBeTruthy();
    expect(await screen.findByText('Este serviço não está disponível para o seu cadastro.')).toBeTruthy();
    const calls = vi.mocked(globalThis.fetch).mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(calls).not.toContain('/api/emprestimo/titulos-pendentes');
  });

  it('hides and shows the menu, and remembers the choice', async () => {
    await signInWith([grant(ACTIVITY.PERSONAL_AREA_LOANS)]);
    const first = renderRoutes(routes, { route: '/meupergamum' });
    const user = userEvent.setup();
    const hide = await screen.findByRole('button', { name: 'Ocultar menu' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(screen.queryByRole('navigation', { name: 'Menu da área pessoal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mostrar menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.personalAreaUi) ?? '{}')).toEqual({
      theme: 'neo',
      menuOpen: false,
    });
    first.unmount();

    // The next visit starts with the menu hidden.
    renderRoutes(routes, { route: '/meupergamum' });
    await user.click(await screen.findByRole('button', { name: 'Mostrar menu' }));
    expect(menuLabels()).toEqual(['Visão geral', 'Empréstimos']);
  });

  it('sends a visitor to the login from an item, with the item as the way back', async () => {
    const { router } = renderRoutes(routes, { route: '/meupergamum/historico' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmeupergamum%2Fhistorico');
  });
});
