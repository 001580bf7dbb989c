import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CONFIGURATION_ELEMENT_ID, type PageConfiguration } from '@estante/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { buildInstitution, buildSearchTabs, buildSelfService } from '../../../testing/factories';
import { fetchWith, jsonResponse } from '../../../testing/render';
import { apiGet } from '../../../lib/api-client';
import { useInstitution } from '../api/get-institution';
import { useFunctionalities } from '../api/get-functionalities';

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

  describe('with the configuration written into the page (decision 0076)', () => {
    const written = (language: PageConfiguration['language']): PageConfiguration => ({
      language,
      token: { access_token: 'page-token', expires_in: 3600 },
      institution: { ...buildInstitution(), nome: 'Biblioteca da Página' },
      functionalities: [{ cod_atividade: 7, descricao: 'Reserva' }],
      searchTabs: buildSearchTabs(),
      selfService: buildSelfService(),
      homeSections: { secao_1: { titulo: null, conteudo: null }, secao_2: { titulo: null, conteudo: null } },
      defaultImage: { url: '/api/consulta/imagem-padrao/capa.svg' },
    });
    const writeIntoPage = (configuration: PageConfiguration | string) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = PAGE_CONFIGURATION_ELEMENT_ID;
      element.textContent = typeof configuration === 'string' ? configuration : JSON.stringify(configuration);
      document.head.append(element);
    };
    afterEach(() => document.getElementById(PAGE_CONFIGURATION_ELEMENT_ID)?.remove());

    function Functionalities() {
      return (
        <p>
          {useFunctionalities()
            .map((f) => f.descricao)
            .join()}
        </p>
      );
    }

    it("shows the page at once, without a call, and the next call carries the page's token", async () => {
      writeIntoPage(written('pt'));
      const fetchStub = vi.fn(fetchWith(configuration));
      vi.stubGlobal('fetch', fetchStub);
      render(
        <AppProvider queryClient={createQueryClient(() => {})}>
          <InstitutionName />
          <Functionalities />
        </AppProvider>,
      );
      expect(screen.queryByText('Carregando o catálogo…')).toBeNull();
      expect(screen.getByText('Biblioteca da Página')).toBeTruthy();
      expect(screen.getByText('Reserva')).toBeTruthy();
      expect(fetchStub).not.toHaveBeenCalled();

      await apiGet('/parametros/autoatendimento', { parse: (data: unknown) => data });
      expect(fetchStub).toHaveBeenCalledTimes(1);
      const [, init] = fetchStub.mock.calls[0]!;
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer page-token');
    });

    it('asks for the functionalities when the page described them in another language', async () => {
      writeIntoPage(written('en'));
      const fetchStub = vi.fn(fetchWith(configuration));
      vi.stubGlobal('fetch', fetchStub);
      render(
        <AppProvider queryClient={createQueryClient(() => {})}>
          <InstitutionName />
          <Functionalities />
        </AppProvider>,
      );
      expect(await screen.findByText('Biblioteca da Página')).toBeTruthy();
      const paths = fetchStub.mock.calls.map(([input]) => new URL(String(input)).pathname);
      expect(paths).toEqual(['/api/parametros/funcionalidades']);
    });

    it("falls back to the calls when the page's configuration does not parse", async () => {
      writeIntoPage('{"language":"pt",');
      vi.stubGlobal('fetch', vi.fn(fetchWith(configuration)));
      render(
        <AppProvider queryClient={createQueryClient(() => {})}>
          <InstitutionName />
        </AppProvider>,
      );
      expect(screen.getByRole('status').textContent).toBe('Carregando o catálogo…');
      expect(await screen.findByText('Biblioteca Pública Estadual')).toBeTruthy();
    });
  });
});
