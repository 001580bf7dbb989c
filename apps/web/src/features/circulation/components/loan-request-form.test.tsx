import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CIRCULATION_ERROR, type LoanRequest, type LoanRequestInitialInfo } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { LoanRequestForm } from './loan-request-form';
import { refusal, signInPatron, stubCirculationApi } from './circulation-test-api';

const COUNTER = 5;
const HOME = 6;

/** A book with a copy on the shelf at the central library, received at the technology campus. */
const INFO: LoanRequestInitialInfo = {
  cod_acervo: 21,
  titulo: 'Terras do sem fim',
  permitido: true,
  motivo: null,
  bibliotecas_origem: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', exemplares_disponiveis: 1 },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico', exemplares_disponiveis: 0 },
  ],
  bibliotecas_recebimento: [
    {
      cod_biblioteca: 3,
      desc_biblioteca: 'Biblioteca do Campus Tecnológico',
      locais: [
        { cod_local: COUNTER, descricao: 'Balcão de empréstimo', domicilio: false },
        { cod_local: HOME, descricao: 'Entrega em domicílio', domicilio: true },
      ],
    },
  ],
  volumes: [],
  tomos: [],
  partes: [],
  materiais_adicionais: [],
  localizacoes: ['Acervo geral'],
  email: 'elisa@demo.estante.example',
  limite: 5,
  abertas: 1,
};

const MADE: LoanRequest = {
  cod_solicitacao: 70,
  cod_acervo: 21,
  titulo: 'Terras do sem fim',
  situacao: 'aguardando',
  data_solicitacao: '2031-05-10T15:00:00.000Z',
  data_atualizacao: '2031-05-10T15:00:00.000Z',
  prazo_retirada: null,
  biblioteca_origem: { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
  biblioteca_recebimento: { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  local_recebimento: 'Entrega em domicílio',
  domicilio: true,
  cod_exemplar: 61,
  numero_exemplar: '21-1',
  volume: null,
  tomo: null,
  parte: null,
  material_adicional: null,
  telefone: '(11) 5555-0101',
  email: 'elisa@demo.estante.example',
  pessoa_autorizada: null,
  observacao: null,
};

const renderForm = () =>
  renderWithProviders(
    <LoanRequestForm
      titleId={21}
      titleName="Terras do sem fim"
      myRequestsHref="/meupergamum/solicitacoes"
      holdHref="/acervo/21/reserva"
    />,
  );

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Solicitar empréstimo' }));

beforeEach(signInPatron);
afterEach(() => {
  setUserCredentials(null);
});

describe('loan request tab (SPEC §3 Loan request, §5)', () => {
  it('keeps only digits, hyphen, parentheses and space in the phone, up to 16 characters', async () => {
    stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
    });
    renderForm();
    const phone = await screen.findByRole('textbox', { name: /Telefone/ });
    await userEvent.type(phone, '+55 (11) 5555-0101 ramal 2');
    expect(phone).toHaveProperty('value', '55 (11) 5555-010');
  });

  it('names each field to fix and keeps everything typed: e-mail, phone, home address', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
    });
    renderForm();
    // The patron's e-mail comes filled in; the only origin with a copy on the shelf is chosen.
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveProperty('value', 'elisa@demo.estante.example');
    expect(screen.getByRole('combobox', { name: /Biblioteca de origem/ })).toHaveProperty('value', '1');
    expect(screen.queryByRole('option', { name: /Campus Tecnológico \(disponíveis/ })).toBeNull();

    await userEvent.clear(email);
    await userEvent.type(email, 'elisa@');
    await userEvent.type(field(/Pessoa autorizada/), 'Rui Tavares');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Local de recebimento/ }),
      'Entrega em domicílio',
    );
    await submit();

    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Informe o endereço para a entrega em domicílio.',
      'Informe o telefone.',
      'Informe um e-mail válido.',
    ]);
    expect(document.activeElement).toBe(field(/Endereço para entrega/));
    expect(email).toHaveProperty('value', 'elisa@');
    expect(field(/Pessoa autorizada/)).toHaveProperty('value', 'Rui Tavares');
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the request after the confirm dialog, with home delivery and the address', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/solicitacao-emprestimo/21': () => jsonResponse(MADE, 201),
    });
    renderForm();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: /Local de recebimento/ }),
      'Entrega em domicílio',
    );
    await userEvent.type(field(/Endereço para entrega/), 'Rua das Flores, 10, Centro, Florianópolis');
    await userEvent.type(field(/Telefone/), '(11) 5555-0101');
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Confirmação da solicitação' });
    expect(
      within(dialog).getByText('Entrega em domicílio: Rua das Flores, 10, Centro, Florianópolis'),
    ).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar solicitação' }));

    expect(await screen.findByText('Solicitação registrada')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        biblioteca_origem: 1,
        biblioteca_recebimento: 3,
        volume: null,
        tomo: null,
        parte: null,
        material_adicional: null,
        telefone: '(11) 5555-0101',
        email: 'elisa@demo.estante.example',
        cod_local_recebimento: HOME,
        pessoa_autorizada: null,
        domicilio: true,
        recebimento_textual: 'Rua das Flores, 10, Centro, Florianópolis',
      },
    ]);
    expect(
      screen.getByText('Exemplar 21-1 da Biblioteca Central separado para você em 10/05/2031.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver minhas solicitações' }).getAttribute('href')).toBe(
      '/meupergamum/solicitacoes',
    );
  });

  it('shows a refusal in the patron’s language and keeps the form as typed', async () => {
    stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/solicitacao-emprestimo/21': () =>
        refusal(CIRCULATION_ERROR.REQUEST_DUPLICATE.code, CIRCULATION_ERROR.REQUEST_DUPLICATE.key),
    });
    renderForm();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: /Local de recebimento/ }),
      'Balcão de empréstimo',
    );
    await userEvent.type(field(/Telefone/), '48 3721 9000');
    await userEvent.type(field(/Pessoa autorizada/), 'Rui Tavares');
    await submit();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar solicitação' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Solicitação duplicada para o mesmo título.');
    expect(field(/Telefone/)).toHaveProperty('value', '48 3721 9000');
    expect(field(/Pessoa autorizada/)).toHaveProperty('value', 'Rui Tavares');
    expect(screen.getByRole('combobox', { name: /Local de recebimento/ })).toHaveProperty(
      'value',
      String(COUNTER),
    );
  });

  it('speaks English to a patron reading in English: field messages and refusals', async () => {
    await i18n.changeLanguage('en');
    stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/solicitacao-emprestimo/21': () =>
        refusal(CIRCULATION_ERROR.REQUEST_LIMIT.code, CIRCULATION_ERROR.REQUEST_LIMIT.key),
    });
    renderForm();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: /Where to receive it/ }),
      'Entrega em domicílio',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Request loan' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Enter the home address for home delivery.',
      'Enter your phone number.',
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: /Delivery address/ }), 'Rua das Flores, 10');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '(11) 5555-0101');
    await userEvent.click(screen.getByRole('button', { name: 'Request loan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Request limit exceeded.');
  });

  it('says when no copy is on the shelf, and offers a hold instead', async () => {
    stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () =>
        jsonResponse({
          ...INFO,
          permitido: false,
          motivo: {
            codigo: CIRCULATION_ERROR.REQUEST_NO_COPIES.code,
            mensagem: CIRCULATION_ERROR.REQUEST_NO_COPIES.key,
          },
        }),
    });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não há exemplares disponíveis para solicitação.',
    );
    expect(screen.getByRole('link', { name: 'Reservar este título' }).getAttribute('href')).toBe(
      '/acervo/21/reserva',
    );
  });

  it('says when open requests already take every copy on the shelf, keeping the form as typed', async () => {
    stubCirculationApi({
      'GET /api/solicitacao-emprestimo/21/informacoes-iniciais': () => jsonResponse(INFO),
      'POST /api/solicitacao-emprestimo/21': () =>
        refusal(
          CIRCULATION_ERROR.REQUEST_ALL_COPIES_REQUESTED.code,
          CIRCULATION_ERROR.REQUEST_ALL_COPIES_REQUESTED.key,
        ),
    });
    renderForm();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: /Local de recebimento/ }),
      'Balcão de empréstimo',
    );
    await userEvent.type(field(/Telefone/), '48 3721 9000');
    await submit();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar solicitação' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Já existem solicitações em aberto para todos os exemplares disponíveis.',
    );
    expect(field(/Telefone/)).toHaveProperty('value', '48 3721 9000');
  });
});
