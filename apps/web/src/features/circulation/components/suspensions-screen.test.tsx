import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Suspension } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { SuspensionsScreen, suspensionStatuses } from './suspensions-screen';

const CENTRAL = { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' };

/** Shaped as GET /pessoas/afastamentos answers (contract SuspensionSchema). */
function buildSuspension(overrides: Partial<Suspension> = {}): Suspension {
  return {
    cod_afastamento: 1,
    data_inicio: '2025-04-01',
    data_fim: '2025-04-04',
    dias: 4,
    origem: 'atraso',
    motivo: 'Devolução com 4 dia(s) de atraso',
    ativo: false,
    biblioteca: CENTRAL,
    cod_acervo: 3,
    titulo: 'Iracema',
    ...overrides,
  };
}

/** Diego's suspensions as the server orders them, latest first: one to come, one running, one over. */
const DIEGO = [
  buildSuspension({
    cod_afastamento: 3,
    data_inicio: '2025-05-13',
    data_fim: '2025-05-15',
    dias: 3,
    origem: 'balcao',
    motivo: 'Dano ao material emprestado',
    biblioteca: null,
    cod_acervo: null,
    titulo: null,
  }),
  buildSuspension({
    cod_afastamento: 2,
    data_inicio: '2025-05-06',
    data_fim: '2025-05-12',
    dias: 7,
    origem: 'balcao',
    motivo: 'Suspensão aplicada no balcão',
    ativo: true,
    biblioteca: null,
    cod_acervo: null,
    titulo: null,
  }),
  buildSuspension(),
];

function stubApi(suspensions: Suspension[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        paths.push(url.pathname);
        return url.pathname === '/api/pessoas/afastamentos'
          ? jsonResponse(suspensions)
          : jsonResponse({ message: 'not found', code: 'NOT_FOUND' }, 404);
      }),
    ),
  );
  return paths;
}

describe('suspensions screen (SPEC §7 /pessoas/afastamentos)', () => {
  beforeEach(() =>
    setUserCredentials({ token: 'diego-token', refresh: 'r', expiresAt: Date.now() + 600_000 }),
  );
  afterEach(() => setUserCredentials(null));

  it('lists them latest first, the running one marked in words, and says until when', async () => {
    const paths = stubApi(DIEGO);
    renderWithProviders(<SuspensionsScreen />);
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      '13/05/2025 a 15/05/2025',
      '06/05/2025 a 12/05/2025',
      '01/04/2025 a 04/04/2025',
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('SituaçãoProgramado');
    expect(items[0]!.textContent).toContain('MotivoDano ao material emprestado');
    expect(items[0]!.textContent).toContain('OrigemAplicado pela biblioteca');
    expect(items[1]!.textContent).toContain('SituaçãoEm andamento');
    expect(items[1]!.textContent).toContain('Duração7 dias');
    expect(items[2]!.textContent).toContain('SituaçãoEncerrado');
    expect(items[2]!.textContent).toContain('OrigemAtraso na devolução');
    expect(items[2]!.textContent).toContain('MotivoDevolução em atraso');
    expect(items[2]!.textContent).toContain('TítuloIracema');
    expect(items[2]!.textContent).toContain('BibliotecaBiblioteca Central');
    // Suspended until the end of the last one queued after the running one.
    expect(screen.getByText(/^Você está afastado até 15\/05\/2025:/)).toBeTruthy();
    expect(paths).toEqual(['/api/pessoas/afastamentos']);
  });

  it('says nothing about being suspended when none is running', async () => {
    stubApi([buildSuspension()]);
    renderWithProviders(<SuspensionsScreen />);
    expect((await screen.findByRole('listitem')).textContent).toContain('SituaçãoEncerrado');
    expect(screen.queryByText(/Você está afastado/)).toBeNull();
  });

  it('says so when there are none, in the patron’s language', async () => {
    await i18n.changeLanguage('es');
    stubApi([]);
    renderWithProviders(<SuspensionsScreen />);
    expect(await screen.findByText('No tiene suspensiones.')).toBeTruthy();
  });

  it('tells a suspension still to come from one that is over', () => {
    expect(suspensionStatuses(DIEGO)).toEqual(['upcoming', 'running', 'ended']);
    expect(suspensionStatuses([buildSuspension({ ativo: true }), buildSuspension()])).toEqual([
      'running',
      'ended',
    ]);
  });
});
