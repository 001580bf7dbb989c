import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import { getInstitutionQueryOptions } from '../features/chrome/api/get-institution';
import { getFunctionalitiesQueryOptions } from '../features/chrome/api/get-functionalities';
import { getSearchTabsQueryOptions } from '../features/chrome/api/get-search-tabs';
import { getPublicTokenQueryOptions } from '../features/chrome/api/get-public-token';
import { getSelfServiceQueryOptions } from '../features/chrome/api/get-self-service';
import { buildInstitution, buildSearchTabs, buildSelfService } from './factories';

/** A query client holding the public configuration, as the configuration wrapper leaves it. */
export function createConfiguredQueryClient(onError: (error: unknown) => void = () => {}): QueryClient {
  const client = createQueryClient(onError);
  client.setQueryData(getPublicTokenQueryOptions().queryKey, true);
  client.setQueryData(getInstitutionQueryOptions().queryKey, buildInstitution());
  client.setQueryData(getFunctionalitiesQueryOptions().queryKey, [
    { cod_atividade: 88, descricao: 'Logotipo' },
  ]);
  client.setQueryData(getSearchTabsQueryOptions().queryKey, buildSearchTabs());
  client.setQueryData(getSelfServiceQueryOptions().queryKey, buildSelfService());
  return client;
}

/** Renders a component with the real providers and translations, inside a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '/', queryClient = createConfiguredQueryClient() } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const result = render(
    <AppProvider queryClient={queryClient} withoutConfig>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders route objects (the app's own) with the real providers, starting at a URL. */
export function renderRoutes(
  routes: RouteObject[],
  { route = '/', queryClient = createConfiguredQueryClient() } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Loads every lazy route's code once, for a test file's `beforeAll`: a route's chunk then resolves
 * at once, as it does in a browser that has it cached, instead of within the test's own wait.
 */
export async function loadLazyRoutes(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      await loadLazyRoutes(route.children ?? []);
    }),
  );
}

/** A fetch answer with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stand-in that answers the token call and hands every other call to `handler`. */
export function fetchWith(
  handler: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname === '/api/oauth/token') {
      return jsonResponse({
        access_token: 'public-token',
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'public',
      });
    }
    return handler(url, init);
  };
}
