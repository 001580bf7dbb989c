import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InterlibraryData, InterlibraryRequest } from '@estante/contract';
import { setUserCredentials } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { InterlibraryScreen } from './interlibrary-screen';
import { signInPatron, stubCirculationApi } from './circulation-test-api';

const DATA: InterlibraryData = {
  instituicoes: [
    { cod_empresa: 101, desc_empresa: 'Universidade Federal de Santa Catarina' },
    { cod_empresa: 102, desc_empresa: 'Universidade de São Paulo' },
  ],
  bibliotecas_recebimento: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  ],
  email: 'carla@demo.estante.example',
  solicitacoes: [],
};

const SENT: InterlibraryRequest = {
  codigo: 7,
  instituicao: { cod_empresa: 102, desc_empresa: 'Universidade de São Paulo' },
  titulo: 'Os sertões',
  autor: 'Euclides da Cunha',
  publicacao: null,
  observacao: null,
  biblioteca_recebimento: { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
  situacao: 'aguardando',
  data_solicitacao: '2031-05-10T18:00:00.000Z',
};

beforeEach(signInPatron);
afterEach(() => {
  setUserCredentials(null);
});

describe('inter-library loan (SPEC §7 emprestimo-inter-bibliotecas)', () => {
  it('names each field to fix, keeping what was typed, and sends nothing', async () => {
    const sent = stubCirculationApi({
      'GET /api/solicitacoes/emprestimo-inter-bibliotecas/dados': () => jsonResponse(DATA),
    });
    renderWithProviders(<InterlibraryScreen />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Autor' }), 'Euclides da Cunha');
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'carla.demo');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Informe o título da obra.',
      'Escolha a biblioteca de recebimento.',
      'Informe o telefone.',
      'Informe um e-mail válido.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Autor' })).toHaveProperty('value', 'Euclides da Cunha');
    expect(email).toHaveProperty('value', 'carla.demo');
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the request after the confirm dialog and lists it', async () => {
    let requests: InterlibraryRequest[] = [];
    const sent = stubCirculationApi({
      'GET /api/solicitacoes/emprestimo-inter-bibliotecas/dados': () =>
        jsonResponse({ ...DATA, solicitacoes: requests }),
      'POST /api/solicitacoes/emprestimo-inter-bibliotecas': () => {
        requests = [SENT];
        return jsonResponse(SENT, 201);
      },
    });
    renderWithProviders(<InterlibraryScreen />);
    expect(
      await screen.findByText('Você não fez solicitações de empréstimo entre bibliotecas.'),
    ).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Instituição da rede' }),
      'Universidade de São Paulo',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Título da obra/ }), 'Os sertões');
    await userEvent.type(screen.getByRole('textbox', { name: 'Autor' }), 'Euclides da Cunha');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Biblioteca de recebimento/ }),
      'Biblioteca do Campus Tecnológico',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Telefone/ }), '(48) 3721-9000');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmação da solicitação' });
    expect(dialog.textContent).toContain('Instituição: Universidade de São Paulo.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));

    expect(await screen.findByText('«Os sertões» foi solicitada. Acompanhe a situação abaixo.')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        cod_empresa: 102,
        titulo: 'Os sertões',
        autor: 'Euclides da Cunha',
        publicacao: null,
        observacao: null,
        email: 'carla@demo.estante.example',
        telefone: '(48) 3721-9000',
        biblioteca_recebimento: 3,
      },
    ]);
    const table = await screen.findByRole('table', {
      name: 'Suas solicitações de empréstimo entre bibliotecas',
    });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Universidade de São Paulo')).toBeTruthy();
    expect(within(row).getByText('Aguardando')).toBeTruthy();
    // The work's fields are cleared for the next request; the contact stays.
    expect(screen.getByRole('textbox', { name: /Título da obra/ })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: /Telefone/ })).toHaveProperty('value', '(48) 3721-9000');
  });
});
