import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRequest } from '@estante/contract';
import { setUserCredentials } from '../../../../lib/api-client';
import { renderWithProviders } from '../../../../testing/render';
import {
  refusal,
  signInPatron,
  stubCirculationApi,
} from '../../../circulation/components/circulation-test-api';
import { MoveRequestForm } from './move-request-form';

// The reference desk's move form (decision 0060): only the moves REQUEST_TRANSITIONS allows are
// offered (a catalogue sheet is answered by issuing it), a request not answered needs its reason
// before anything is sent, and the server's refusal shows in place. The API is stubbed, as in the
// repo's other component tests; the server's own rules are its API tests'.

beforeEach(signInPatron);
afterEach(() => setUserCredentials(null));

const request = (overrides: Partial<StaffRequest> = {}): StaffRequest => ({
  codigo: 41,
  tipo: 'comutacao-bibliografica',
  subtipo: 'artigo',
  biblioteca: null,
  situacao: 'em_atendimento',
  campos: { titulo: 'Leitura e acesso' },
  data_solicitacao: '2031-05-10T12:00:00.000Z',
  data_atualizacao: '2031-05-10T12:00:00.000Z',
  historico: [],
  resposta: null,
  pode_cancelar: false,
  usuario: { login: 'ana', nome: 'Ana' },
  ...overrides,
});

const optionsOf = () =>
  within(screen.getByRole('combobox', { name: /^Nova situação/ }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the move form of a request', () => {
  it('offers only the moves from its status, and not "answered" for a catalogue sheet', () => {
    stubCirculationApi({});
    const { unmount } = renderWithProviders(
      <MoveRequestForm request={request()} subject="Leitura e acesso" onCancel={vi.fn()} onMoved={vi.fn()} />,
    );
    expect(optionsOf()).toEqual(['Selecione…', 'Atendido', 'Não atendido', 'Cancelado']);
    unmount();
    renderWithProviders(
      <MoveRequestForm
        request={request({ tipo: 'ficha-catalografica', subtipo: null, situacao: 'aguardando' })}
        subject="Uma tese"
        onCancel={vi.fn()}
        onMoved={vi.fn()}
      />,
    );
    expect(optionsOf()).toEqual(['Selecione…', 'Em atendimento', 'Não atendido', 'Cancelado']);
  });

  it('asks for the reason of a request not answered before sending, then shows the refusal in place', async () => {
    const sent = stubCirculationApi({
      'POST /api/equipe/solicitacoes/41/mover': () =>
        refusal('REQUEST_CLOSED', 'staff.reference.errors.closed'),
    });
    const onMoved = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <MoveRequestForm request={request()} subject="Leitura e acesso" onCancel={vi.fn()} onMoved={onMoved} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /^Nova situação/ }), 'nao_atendida');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Diga ao usuário por que o pedido não foi atendido/)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Resposta ao usuário/ }), 'Esgotado na editora.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Este pedido já foi encerrado/)).toBeTruthy();
    expect(sent.map((call) => call.body)).toEqual([
      { situacao: 'nao_atendida', resposta: 'Esgotado na editora.' },
    ]);
    expect(onMoved).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /^Resposta ao usuário/ }) as HTMLTextAreaElement).value).toBe(
      'Esgotado na editora.',
    );
  }, 30_000);
});
