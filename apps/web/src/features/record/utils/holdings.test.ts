import { describe, expect, it } from 'vitest';
import type { Copy } from '@estante/contract';
import { holdOffer, summarizeHoldings } from './holdings';

let next = 1;
function copy(overrides: Partial<Copy> = {}): Copy {
  const id = next++;
  return {
    cod_exemplar: id,
    cod_biblioteca: 1,
    desc_biblioteca: 'Biblioteca Central',
    numero: `E-${id}`,
    volume: null,
    tomo: null,
    parte: null,
    tipo_emprestimo: 'Normal',
    localizacao: 'Estante 3',
    situacao: 'disponivel',
    data_prevista_devolucao: null,
    ...overrides,
  };
}
const lent = (overrides: Partial<Copy> = {}) =>
  copy({ situacao: 'emprestado', data_prevista_devolucao: '2026-12-10', ...overrides });
const HEALTH = { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca de Ciências da Saúde' };

describe('the holdings of a record', () => {
  it('sums the copies of each library: how many, how many on the shelf and where, the next return', () => {
    const summary = summarizeHoldings([
      lent({ ...HEALTH, localizacao: 'Térreo', data_prevista_devolucao: '2026-12-20' }),
      copy(),
      lent({ data_prevista_devolucao: '2026-12-15' }),
      lent({ ...HEALTH, localizacao: 'Térreo', data_prevista_devolucao: '2026-12-12' }),
      copy({ localizacao: 'Sala de leitura' }),
      copy(),
      copy({ situacao: 'extraviado', data_prevista_devolucao: '2026-01-01' }),
    ]);
    expect(summary).toEqual([
      {
        libraryId: 1,
        libraryName: 'Biblioteca Central',
        total: 5,
        onShelf: 3,
        spots: [
          { libraryName: 'Biblioteca Central', location: 'Estante 3', copies: 2 },
          { libraryName: 'Biblioteca Central', location: 'Sala de leitura', copies: 1 },
        ],
        locations: ['Estante 3', 'Sala de leitura'],
        nextReturn: '2026-12-15',
      },
      {
        libraryId: 2,
        libraryName: 'Biblioteca de Ciências da Saúde',
        total: 2,
        onShelf: 0,
        spots: [],
        locations: ['Térreo'],
        nextReturn: '2026-12-12',
      },
    ]);
  });

  it('offers no hold while a copy on the shelf would serve it, and says where that copy is', () => {
    expect(holdOffer([copy()])).toEqual({
      onShelf: [{ libraryName: 'Biblioteca Central', location: 'Estante 3', copies: 1 }],
      canHold: false,
    });
    expect(holdOffer([lent(), copy()]).canHold).toBe(false);
    // A lent copy without a location is served by one on the shelf anywhere in its library.
    expect(holdOffer([lent({ localizacao: null }), copy({ localizacao: 'Sala 2' })]).canHold).toBe(false);
    // Nothing that comes back: lost or reference-only copies cannot be held.
    expect(holdOffer([copy({ situacao: 'extraviado' }), copy({ situacao: 'consulta_local' })])).toEqual({
      onShelf: [],
      canHold: false,
    });
    expect(holdOffer([]).canHold).toBe(false);
  });

  it('offers a hold when every copy is out, or for a library, volume or location with none on the shelf', () => {
    expect(holdOffer([lent(), lent({ situacao: 'atrasado' })])).toEqual({ onShelf: [], canHold: true });
    expect(holdOffer([copy(), lent(HEALTH)]).canHold).toBe(true);
    expect(holdOffer([copy({ volume: 'v. 1' }), lent({ volume: 'v. 2' })]).canHold).toBe(true);
    expect(holdOffer([copy({ localizacao: 'Sala de leitura' }), lent()]).canHold).toBe(true);
  });
});
