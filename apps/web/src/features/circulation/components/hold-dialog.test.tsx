import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CIRCULATION_ERROR, type Hold, type HoldInitialInfo } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { HoldDialog } from './hold-dialog';
import { refusal, signInPatron, stubCirculationApi } from './circulation-test-api';

/** Every copy lent, held at two libraries; nothing else to choose. */
const INFO: HoldInitialInfo = {
  cod_acervo: 51,
  titulo: 'Esaú e Jacó',
  permitido: true,
  motivo: null,
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  ],
  volumes: [],
  tomos: [],
  partes: [],
  materiais_adicionais: [],
  localizacoes: [],
  fila: 2,
};

const HOLD: Hold = {
  cod_reserva: 901,
  cod_acervo: 51,
  titulo: 'Esaú e Jacó',
  autor: 'Machado de Assis',
  biblioteca: { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  situacao: 'fila',
  posicao_fila: 3,
  data_reserva: '2031-05-10T15:00:00.000Z',
  data_liberacao: null,
  prazo_retirada: null,
  data_cancelamento: null,
  observacoes: null,
  volume: null,
  tomo: null,
  parte: null,
  material_adicional: null,
  localizacao: null,
  cod_exemplar: null,
};

const renderDialog = () =>
  renderWithProviders(
    <HoldDialog
      titleId={51}
      titleName="Esaú e Jacó"
      opened
      onClose={() => undefined}
      myHoldsHref="/meupergamum/reservas"
    />,
  );

beforeEach(signInPatron);
afterEach(() => {
  setUserCredentials(null);
});

describe('the hold dialog (decision 0070)', () => {
  it('asks for the pickup library, shows the queue place once chosen, and places the hold with one button', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/51/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/reserva/validar-fila': () => jsonResponse({ posicao_fila: 3 }),
      'POST /api/reserva': () => jsonResponse(HOLD, 201),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Reservar «Esaú e Jacó»' });
    const confirm = await within(dialog).findByRole('button', { name: 'Confirmar reserva' });
    expect(within(dialog).getByText('Reservas na fila deste título: 2')).toBeTruthy();

    // Nothing chosen: the dialog names the missing choice and asks nothing of the server.
    await userEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Escolha a biblioteca.');
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Biblioteca de retirada/ }),
      'Biblioteca do Campus Tecnológico',
    );
    expect(await within(dialog).findByText('Sua posição na fila será 3.')).toBeTruthy();
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Sua posição na fila: 3.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ver minhas reservas' }).getAttribute('href')).toBe(
      '/meupergamum/reservas',
    );
    const request = {
      cod_acervo: 51,
      biblioteca: 3,
      volume: null,
      tomo: null,
      parte: null,
      material_adicional: null,
      localizacao: null,
    };
    expect(sent.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/reserva/validar-fila', request],
      ['/api/reserva', request],
    ]);
  });

  it('explains a refusal of the queue check in place and does not place the hold', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/51/informacoes-iniciais': () =>
        jsonResponse({ ...INFO, bibliotecas: [INFO.bibliotecas[0]] }),
      'POST /api/reserva/validar-fila': () =>
        refusal(CIRCULATION_ERROR.HOLD_DUPLICATE.code, CIRCULATION_ERROR.HOLD_DUPLICATE.key),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Reservar «Esaú e Jacó»' });
    // The only library starts chosen, so the queue is asked at once.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Você já tem uma reserva deste título.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar reserva' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(sent.filter((call) => call.path === '/api/reserva')).toEqual([]);
  });
});
