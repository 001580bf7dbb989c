import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildHit, buildNetworkRecord } from '../../../testing/factories';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { NetworkInstitutions } from './network-institutions';
import { NetworkResultItem } from './network-result-item';

const HIT = buildHit({
  cod_acervo: 42,
  titulo: 'Macunaíma : o herói sem nenhum caráter',
  autor: 'Andrade, Mário de, 1893-1945',
  ano_publicacao: 1928,
  numero_chamada: null,
  exemplares_disponiveis: 0,
  exemplares_total: 0,
  instituicao: { cod_empresa: 12, desc_empresa: 'Faculdade de Artes do Planalto' },
});

/** Answers GET /rede-pergamum/acervo/{id} with `answer`, and records the paths asked for. */
function stubApi(answer: (path: string) => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url) => {
        asked.push(url.pathname);
        return answer(url.pathname);
      }),
    ),
  );
  return asked;
}

describe('a hit of the network tab', () => {
  it('names the institution that holds it and does not link to a local title page', () => {
    stubApi(() => jsonResponse(buildNetworkRecord()));
    renderWithProviders(<NetworkResultItem hit={HIT} />);
    const details = screen.getByText('Instituição').closest('div')!;
    expect(within(details).getByText('Faculdade de Artes do Planalto')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    // A network record has no copies here: no availability line.
    expect(screen.queryByText(/exemplar/)).toBeNull();
  });

  it('opens the record in a dialog with its data, institution and MARC, and closes it again', async () => {
    const user = userEvent.setup();
    const asked = stubApi(() =>
      jsonResponse(
        buildNetworkRecord({
          links: [{ seq_paragrafo: 1, url: 'https://example.org/m', descricao: 'Texto' }],
        }),
      ),
    );
    renderWithProviders(<NetworkResultItem hit={HIT} />);
    expect(asked).toEqual([]);

    const open = screen.getByRole('button', { name: 'Macunaíma : o herói sem nenhum caráter' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Macunaíma : o herói sem nenhum caráter' });
    expect(asked).toEqual(['/api/rede-pergamum/acervo/42']);
    expect(within(dialog).getByText('Catalogado por Faculdade de Artes do Planalto')).toBeTruthy();
    expect(within(dialog).getByText('Modernismo (Literatura) - Brasil')).toBeTruthy();
    expect(within(dialog).getByText('1928')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: /Texto/ });
    expect(link.getAttribute('href')).toBe('https://example.org/m');
    expect(link.getAttribute('target')).toBe('_blank');

    const showMarc = within(dialog).getByRole('button', { name: 'Ver registro MARC' });
    expect(showMarc.getAttribute('aria-expanded')).toBe('false');
    await user.click(showMarc);
    const marc = within(dialog).getByRole('table', { name: /Campos MARC de/ });
    expect(within(marc).getByText('o herói sem nenhum caráter')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ocultar registro MARC' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the record has left the network (404)', async () => {
    const user = userEvent.setup();
    stubApi(() => jsonResponse({ message: 'Registro não encontrado.', code: 'NOT_FOUND' }, 404));
    renderWithProviders(<NetworkResultItem hit={HIT} />);
    await user.click(screen.getByRole('button', { name: /Macunaíma/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Registro da rede' });
    expect(await within(dialog).findByText('Este registro não está mais na rede.')).toBeTruthy();
  });

  it('offers a retry when the record could not be loaded', async () => {
    const user = userEvent.setup();
    let fails = true;
    stubApi(() =>
      fails ? jsonResponse({ message: 'Erro', code: 'INTERNAL' }, 500) : jsonResponse(buildNetworkRecord()),
    );
    renderWithProviders(<NetworkResultItem hit={HIT} />);
    await user.click(screen.getByRole('button', { name: /Macunaíma/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Não foi possível carregar este registro da rede.')).toBeTruthy();
    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('Catalogado por Faculdade de Artes do Planalto')).toBeTruthy();
  });
});

describe('the institutions of the network', () => {
  it('lists each institution with its number of records', async () => {
    stubApi(() =>
      jsonResponse([
        { cod_empresa: 12, desc_empresa: 'Faculdade de Artes do Planalto', total: 6 },
        { cod_empresa: 11, desc_empresa: 'Universidade do Vale Verde', total: 1 },
      ]),
    );
    renderWithProviders(<NetworkInstitutions />);
    expect(
      await screen.findByText(
        'Registros das instituições da rede: Faculdade de Artes do Planalto (6 registros); Universidade do Vale Verde (1 registro)',
      ),
    ).toBeTruthy();
  });
});
