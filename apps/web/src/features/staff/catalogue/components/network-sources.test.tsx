import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { NetworkSources } from '@estante/contract';
import { setUserCredentials } from '../../../../lib/api-client';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../../testing/render';
import { NetworkSourcesPanel } from './network-sources';

const SOURCES: NetworkSources = {
  data: [
    {
      codigo: 1,
      url: 'https://repositorio.example.edu.br/oai/request',
      conjunto: 'col_123456789_14',
      formato: 'oai_dc',
      instituicao: { cod_empresa: 601, desc_empresa: 'Universidade Federal do Sul' },
      registros: 1234,
      data_ultima_coleta: '2026-11-20T10:15:42.000Z',
      ultima_coleta: { ok: true, incluidos: 3, atualizados: 1, excluidos: 2, ignorados: 1, erro: null },
      proxima_coleta_desde: '2026-11-20T10:15:40Z',
    },
    {
      codigo: 2,
      url: 'https://biblioteca.vizinha.example/oai',
      conjunto: null,
      formato: 'marc21',
      instituicao: { cod_empresa: 21, desc_empresa: 'Biblioteca Vizinha' },
      registros: 0,
      data_ultima_coleta: '2026-11-21T08:00:00.000Z',
      ultima_coleta: {
        ok: false,
        incluidos: 0,
        atualizados: 0,
        excluidos: 0,
        ignorados: 0,
        erro: 'HTTP 503, after 5 tries',
      },
      proxima_coleta_desde: null,
    },
  ],
};

describe('the network sources in the catalogue part of the staff workspace', () => {
  beforeEach(() => {
    setUserCredentials({ token: 'staff-token', refresh: 'refresh', expiresAt: Date.now() + 600_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchWith((url) =>
          url.pathname === '/api/equipe/catalogo/rede-fontes'
            ? jsonResponse(SOURCES)
            : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404),
        ),
      ),
    );
  });
  afterEach(() => setUserCredentials(null));

  it('shows each repository with its institution, format and set, records, and how its last harvest went', async () => {
    renderWithProviders(<NetworkSourcesPanel />);
    const table = await screen.findByRole('table', {
      name: 'Repositórios coletados para a rede e a última coleta de cada um',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        'Universidade Federal do Sul (601)',
        'https://repositorio.example.edu.br/oai/requestoai_dc, conjunto col_123456789_14',
        '1.234',
        '20/11/2026: 3 incluídos, 1 atualizados, 2 excluídos, 1 ignorados',
      ],
      [
        'Biblioteca Vizinha (21)',
        'https://biblioteca.vizinha.example/oaimarc21',
        '0',
        '21/11/2026: a coleta falhou (HTTP 503, after 5 tries)',
      ],
    ]);
  });
});
