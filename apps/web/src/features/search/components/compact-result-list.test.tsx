import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildHit } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render';
import { CompactResultList } from './compact-result-list';

describe('CompactResultList (display C)', () => {
  it('lists each title with its cover, linking to the record, with author and year', () => {
    renderWithProviders(
      <CompactResultList
        label="Títulos adquiridos"
        defaultCoverUrl="/api/consulta/imagem-padrao/capa.svg"
        hits={[
          buildHit({ cod_acervo: 515, titulo: 'O cortiço', autor: 'Azevedo, Aluísio', ano_publicacao: 1890 }),
          buildHit({ cod_acervo: 513, titulo: 'A moreninha', link_capa: 'https://covers.example/m.jpg' }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Títulos adquiridos' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!).getByRole('link', { name: 'O cortiço' });
    expect(first.getAttribute('href')).toBe('/acervo/515');
    expect(within(items[0]!).getByText('Azevedo, Aluísio, 1890')).toBeTruthy();
    // Covers are decorative next to the title: no text of their own.
    const covers = list.querySelectorAll('img');
    expect([...covers].map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['/api/consulta/imagem-padrao/capa.svg', ''],
      ['https://covers.example/m.jpg', ''],
    ]);
  });

  it('numbers later pages from their first hit and keeps each hit’s controls, reachable by keyboard', async () => {
    renderWithProviders(
      <CompactResultList
        start={21}
        hits={[buildHit({ cod_acervo: 7, titulo: 'Iracema' })]}
        renderHitSelect={(hit) => <input type="checkbox" aria-label={`Selecionar ${hit.titulo}`} />}
        renderHitActions={(hit) => <button type="button">{`Guardar ${hit.titulo}`}</button>}
      />,
    );
    expect(screen.getByRole('list').getAttribute('start')).toBe('21');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Iracema' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Selecionar Iracema' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guardar Iracema' }));
  });
});
