import type { AcquisitionMode } from '@estante/contract';

/** What the demo says of one copy's acquisition (columns of migration 0030). */
export interface DemoAcquisition {
  acquiredOn: string;
  mode: AcquisitionMode;
  source: string;
  /** Decimal string, null for copies that were not bought. */
  price: string | null;
}

const SUPPLIERS = [
  'Livraria Universitária Ltda.',
  'Distribuidora Acadêmica de Livros',
  'Editora (venda direta)',
];
const DONORS = ['Doação de docente', 'Doação do autor', 'Doação de ex-aluno'];
const EXCHANGES = ['Permuta com biblioteca universitária', 'Permuta com a editora universitária'];

/**
 * A believable acquisition for copy `copyIndex` of demo work `workIndex`, acquired on `titleDay`
 * (the title's day in the new-acquisitions list): the first copy that day, later ones a few weeks
 * after. About two purchases in three, a quarter donations and the rest exchanges; theses come as
 * the author's deposit (a donation); prices between R$ 38 and R$ 240. No copy is acquired after
 * `today` (the database's day the library is seeded).
 */
export function demoAcquisition(
  work: { type: string },
  workIndex: number,
  copyIndex: number,
  titleDay: string,
  today: string,
): DemoAcquisition {
  const day = new Date(`${titleDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + copyIndex * (9 + (workIndex % 13)));
  const later = day.toISOString().slice(0, 10);
  const acquiredOn = later > today ? titleDay : later;
  const draw = (workIndex * 7 + copyIndex * 3) % 20;
  const mode: AcquisitionMode =
    work.type === 'thesis' ? 'doacao' : draw < 13 ? 'compra' : draw < 18 ? 'doacao' : 'permuta';
  const pick = (list: string[]) => list[(workIndex + copyIndex) % list.length]!;
  if (mode === 'compra') {
    const cents = 3_800 + ((workIndex * 7_919 + copyIndex * 1_237) % 20_200);
    return { acquiredOn, mode, source: pick(SUPPLIERS), price: (cents / 100).toFixed(2) };
  }
  return { acquiredOn, mode, source: pick(mode === 'doacao' ? DONORS : EXCHANGES), price: null };
}
