import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { buildInstitution, buildSearchTabs, buildSelfService } from '../../../testing/factories';
import { fetchWith, jsonResponse } from '../../../testing/render';
import { useInstitution } from '../api/get-institution';

function InstitutionName() {
  return <p>{useInstitution().nome}</p>;
}

const configuration = (url: URL) => {
  if (url.pathname.endsWith('/parametros/instituicao')) return jsonResponse(buildInstitution());
  if (url.pathname.endsWith('/parametros/funcionalidades')) return jsonResponse([]);
  if (url.pathname.endsWith('/parametros/abas-pesquisa')) return jsonResponse(buildSearchTabs());
  if (url.pathname.endsWith('/parametros/autoatendimento')) return jsonResponse(buildSelfService());
  return jsonResponse({ message: 'Endereço não encontrado.', code: 'NOT_FOUND' }, 404);
};

describe('ConfigGate (SPEC §2 configuration wrapper)', () => {
  it('shows an announced loading state, then the page once the configuration is in', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchWith(configuration)));
    render(
      <AppProvider queryClient={createQueryClient(() => {})}>
        <InstitutionName />
      </AppProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Carregando o catálogo…');
    expect(await screen.findByText('Biblioteca Pública Estadual')).toBeTruthy();
  });

  it('shows an error with a retry button when the server cannot be reached, and recovers', async () => {
    const fetchStub = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchStub);
    render(
      <AppProvider queryClient={createQueryClient(() => {})}>
        <InstitutionName />
      </AppProvider>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Não foi possível carregar o catálogo');

    vi.stubGlobal('fetch', vi.fn(fetchWith(configuration)));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Biblioteca Pública Estadual')).toBeTruthy();
  });
});
