import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonalData } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../../identity/api/sign-in';
import { clearSession } from '../../identity/utils/session';
import { PersonalDataScreen } from './personal-data-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const DATA: PersonalData = {
  nome: 'Ana Beatriz Souza',
  login: 'ana',
  emails: 'ana@demo.estante.example',
  telefone: null,
  celular: null,
  recebe_email: true,
  logradouro: 'Rua das Flores, 12',
  complemento: null,
  bairro: null,
  cep: null,
  cidade: 'São Paulo',
  localidade: null,
  rg: null,
  cpf: '52998224725',
  nacionalidade: null,
  sexo: null,
  data_nascimento: null,
  estado_civil: null,
  escolaridade: null,
  profissao: null,
  campos_editaveis: [
    'emails',
    'telefone',
    'celular',
    'recebe_email',
    'logradouro',
    'cidade',
    'data_nascimento',
  ],
  renovacao_anual: false,
  validade_cadastro: null,
  pode_renovar: false,
};

/** The sign-in stand-in plus GET/PUT of the personal data; `refuse` answers the PUT with that 422. */
async function stubPersonalDataApi(refuse?: { message: string; code: string }) {
  stubIdentityApi();
  const inner = globalThis.fetch;
  const sent: unknown[] = [];
  let data = { ...DATA };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/pessoas/meu-pergamum/dados-pessoais') return inner(input, init);
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(data);
      const body = JSON.parse(String(init?.body)) as Partial<PersonalData>;
      sent.push(body);
      if (refuse) return jsonResponse(refuse, 422);
      data = { ...data, ...body };
      return jsonResponse(data);
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<PersonalDataScreen />);
  await screen.findByRole('form', { name: 'Dados pessoais' });
  return sent;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar dados' }));

afterEach(async () => {
  await clearSession();
});

describe('personal data screen', () => {
  it('shows the fields the institution does not let the patron change read-only', async () => {
    await stubPersonalDataApi();
    const cpf = screen.getByRole('textbox', { name: /CPF/ }) as HTMLInputElement;
    expect(cpf.readOnly).toBe(true);
    expect(cpf.value).toBe('52998224725');
    expect(
      (screen.getByRole('textbox', { name: /Endereço \(rua e número\)/ }) as HTMLInputElement).readOnly,
    ).toBe(false);
    expect(screen.getAllByText('Alterado somente pela biblioteca.').length).toBeGreaterThan(0);
  });

  it('names the field of each broken rule, focuses the first and sends nothing', async () => {
    const sent = await stubPersonalDataApi();
    const emails = screen.getByRole('textbox', { name: /E-mails/ });
    await userEvent.clear(emails);
    await userEvent.type(emails, 'ana@example.org; ana@');
    await userEvent.type(screen.getByLabelText(/Data de nascimento/), '2999-01-01');
    await save();
    expect(await screen.findByText(/E-mails: "ana@" não é um e-mail válido/)).toBeTruthy();
    expect(screen.getByText('Data de nascimento: informe uma data anterior a hoje.')).toBeTruthy();
    expect(document.activeElement).toBe(emails);
    expect(sent).toEqual([]);
  });

  it('sends only what changed and shows the saved data', async () => {
    const sent = await stubPersonalDataApi();
    const emails = screen.getByRole('textbox', { name: /E-mails/ });
    await userEvent.clear(emails);
    await userEvent.type(emails, ' ana@novo.example.org ;ana@demo.estante.example');
    await userEvent.type(screen.getByRole('textbox', { name: /^Telefone/ }), '(11) 5555-1234');
    await userEvent.click(screen.getByRole('checkbox', { name: /Receber avisos/ }));
    await save();
    expect(await screen.findByText('Seus dados foram salvos.')).toBeTruthy();
    expect(sent).toEqual([
      {
        emails: 'ana@novo.example.org; ana@demo.estante.example',
        telefone: '(11) 5555-1234',
        recebe_email: false,
      },
    ]);
    expect((screen.getByRole('textbox', { name: /E-mails/ }) as HTMLInputElement).value).toBe(
      'ana@novo.example.org; ana@demo.estante.example',
    );
    // Saving again with nothing changed calls nothing.
    await save();
    expect(await screen.findByText('Nada foi alterado.')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("shows the server's refusal in place, translated, keeping what was typed", async () => {
    await stubPersonalDataApi({ message: 'account.errors.fieldLocked', code: 'PERSONAL_DATA_LOCKED' });
    await userEvent.type(screen.getByRole('textbox', { name: /Cidade/ }), ' (SP)');
    await save();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Um dos dados enviados só pode ser alterado pela biblioteca.',
      ),
    );
    expect((screen.getByRole('textbox', { name: /Cidade/ }) as HTMLInputElement).value).toBe(
      'São Paulo (SP)',
    );
  });
});
