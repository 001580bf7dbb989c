import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CIRCULATION_ERROR, type Hold, type HoldInitialInfo } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { HoldForm } from './hold-form';
import { refusal, signInPatron, stubCirculationApi } from './circulation-test-api';

/** A two-volume work held at two libraries, with a part and two locations: every choice offered. */
const INFO: HoldInitialInfo = {
  cod_acervo: 44,
  titulo: 'Grande sertão: veredas',
  permitido: true,
  motivo: null,
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  ],
  volumes: ['v. 1', 'v. 2'],
  tomos: [],
  partes: ['pt. 1', 'pt. 2'],
  materiais_adicionais: [],
  localizacoes: ['Acervo geral', 'Coleção especial'],
  fila: 2,
};

const HOLD: Hold = {
  cod_reserva: 900,
  cod_acervo: 44,
  titulo: 'Grande sertão: veredas',
  autor: 'Rosa, João Guimarães',
  biblioteca: { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  situacao: 'fila',
  posicao_fila: 3,
  data_reserva: '2031-05-10T15:00:00.000Z',
  data_liberacao: null,
  prazo_retirada: null,
  data_cancelamento: null,
  observacoes: null,
  volume: 'v. 2',
  tomo: null,
  parte: 'pt. 1',
  material_adicional: null,
  localizacao: 'Acervo geral',
  cod_exemplar: null,
};

const renderForm = () =>
  renderWithProviders(
    <HoldForm
      titleId={44}
      titleName="Grande sertão: veredas"
      myHoldsHref="/meupergamum/reservas"
      loanRequestHref="/acervo/44/solicitacao-emprestimo"
    />,
  );

const submitButton = () => screen.getByRole('button', { name: 'Consultar fila e reservar' });

beforeEach(signInPatron);
afterEach(() => {
  setUserCredentials(null);
});

describe('hold tab (SPEC §3 Hold, §5)', () => {
  it('asks for the library and every offered choice before anything is sent, keeping what was chosen', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () => jsonResponse(INFO),
    });
    renderForm();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /Volume/ }), 'v. 2');
    await userEvent.click(submitButton());

    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Escolha a biblioteca.', 'Escolha a parte.', 'Escolha a localização.']);
    // The first field to fix takes the focus; the volume chosen stays chosen.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Biblioteca de retirada/ }));
    expect(screen.getByRole('combobox', { name: /Volume/ })).toHaveProperty('value', 'v. 2');
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('starts with a choice chosen when only one value is offered', async () => {
    stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          bibliotecas: [INFO.bibliotecas[0]],
          volumes: [],
          localizacoes: ['Acervo geral'],
        }),
    });
    renderForm();
    expect(await screen.findByRole('combobox', { name: /Biblioteca de retirada/ })).toHaveProperty(
      'value',
      '1',
    );
    expect(screen.getByRole('combobox', { name: /Localização/ })).toHaveProperty('value', 'Acervo geral');
    expect(screen.queryByRole('combobox', { name: /Volume/ })).toBeNull();
  });

  it('shows the place in the queue before confirming, and places the hold only once confirmed', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/reserva/validar-fila': () => jsonResponse({ posicao_fila: 3 }),
      'POST /api/reserva': () => jsonResponse(HOLD, 201),
    });
    renderForm();
    expect(await screen.findByText('Reservas na fila deste título: 2')).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Biblioteca de retirada/ }),
      'Biblioteca do Campus Tecnológico',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Volume/ }), 'v. 2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Parte/ }), 'pt. 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Localização/ }), 'Acervo geral');
    await userEvent.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Confirmação da reserva' });
    expect(within(dialog).getByText('Sua posição na fila será 3.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Reservar «Grande sertão: veredas» para retirada na Biblioteca do Campus Tecnológico?',
      ),
    ).toBeTruthy();
    const request = {
      cod_acervo: 44,
      biblioteca: 3,
      volume: 'v. 2',
      tomo: null,
      parte: 'pt. 1',
      material_adicional: null,
      localizacao: 'Acervo geral',
    };
    // Only the queue was asked so far.
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/reserva/validar-fila', query: {}, body: request },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reserva' }));
    expect(await screen.findByText('Sua posição na fila: 3.')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/reserva/validar-fila', request],
      ['/api/reserva', request],
    ]);
    expect(screen.getByRole('link', { name: 'Ver minhas reservas' }).getAttribute('href')).toBe(
      '/meupergamum/reservas',
    );
  });

  it('places nothing when the patron goes back from the confirm dialog', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          bibliotecas: [INFO.bibliotecas[0]],
          volumes: [],
          partes: [],
          localizacoes: [],
        }),
      'POST /api/reserva/validar-fila': () => jsonResponse({ posicao_fila: 1 }),
    });
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Consultar fila e reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmação da reserva' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.map((call) => call.path)).not.toContain('/api/reserva');
    // The place checked is still on the page.
    expect(screen.getByText('Sua posição na fila será 1.')).toBeTruthy();
  });

  it('shows the refusal of the queue check in place, in the patron’s language, without a dialog', async () => {
    stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          bibliotecas: [INFO.bibliotecas[0]],
          volumes: [],
          partes: [],
          localizacoes: [],
        }),
      'POST /api/reserva/validar-fila': () =>
        refusal(CIRCULATION_ERROR.HOLD_DUPLICATE.code, CIRCULATION_ERROR.HOLD_DUPLICATE.key),
    });
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Consultar fila e reservar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Você já tem uma reserva deste título.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a hold is not allowed while a copy is on the shelf, and offers the loan request instead', async () => {
    const sent = stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          permitido: false,
          motivo: {
            codigo: CIRCULATION_ERROR.HOLD_COPY_AVAILABLE.code,
            mensagem: CIRCULATION_ERROR.HOLD_COPY_AVAILABLE.key,
          },
        }),
    });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Há exemplar disponível na estante: a reserva não é permitida enquanto houver exemplares disponíveis.',
    );
    expect(screen.queryByRole('button', { name: 'Consultar fila e reservar' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Solicitar o empréstimo deste título' }).getAttribute('href'),
    ).toBe('/acervo/44/solicitacao-emprestimo');
    expect(sent.map((call) => call.method)).toEqual(['GET']);
  });

  it('says, in Spanish to a patron reading in Spanish, that no copy of the title allows holds', async () => {
    await i18n.changeLanguage('es');
    const sent = stubCirculationApi({
      'GET /api/reserva/44/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          permitido: false,
          motivo: {
            codigo: CIRCULATION_ERROR.HOLD_NOT_ALLOWED.code,
            mensagem: CIRCULATION_ERROR.HOLD_NOT_ALLOWED.key,
          },
        }),
    });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Reserva cancelada: ningún ejemplar de este título permite reservas.',
    );
    expect(screen.queryByRole('button', { name: 'Consultar la cola y reservar' })).toBeNull();
    // Only a copy on the shelf makes the loan request the way out.
    expect(screen.queryByRole('link', { name: 'Solicitar el préstamo de este título' })).toBeNull();
    expect(sent.map((call) => call.method)).toEqual(['GET']);
  });
});
