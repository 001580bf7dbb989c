import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasswordRules } from '@estante/contract';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../api/sign-in';
import { clearSession } from '../utils/session';
import { PasswordChangeScreen } from './password-change-screen';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const RULES: PasswordRules = {
  length: { min: 8, max: 20 },
  has_numbers: true,
  only_numbers: false,
  diff_case: false,
  special_char: false,
  diff_name: true,
  last_pw: 2,
};

/** The sign-in stand-in plus GET/PUT /pessoas/meu-pergamum/senha (the current password is estante-ana). */
async function stubPasswordApi() {
  stubIdentityApi();
  const inner = globalThis.fetch;
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/pessoas/meu-pergamum/senha') return inner(input, init);
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(RULES);
      const body = JSON.parse(String(init?.body)) as { senhaAtual: string };
      sent.push(body);
      if (body.senhaAtual !== 'estante-ana') {
        return jsonResponse(
          { message: 'identityRules.currentPasswordWrong', code: 'CURRENT_PASSWORD_WRONG' },
          422,
        );
      }
      return jsonResponse({ result: true });
    }),
  );
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<PasswordChangeScreen name="Ana Beatriz Souza" />);
  await screen.findByRole('form', { name: 'Senha' });
  return sent;
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));

afterEach(async () => {
  await clearSession();
});

describe('password change screen', () => {
  it("checks the new password live against the server's rules and the patron's name", async () => {
    await stubPasswordApi();
    expect(screen.getByText('ser diferente das últimas 2 senhas (verificado ao salvar)')).toBeTruthy();
    await userEvent.type(field(/^Nova senha/), 'beatriz12');
    expect(screen.getByText('Atendido: ter entre 8 e 20 caracteres')).toBeTruthy();
    expect(screen.getByText('Atendido: conter números')).toBeTruthy();
    expect(screen.getByText('Pendente: não conter partes do seu nome')).toBeTruthy();
    expect(field(/^Nova senha/).getAttribute('aria-describedby')).toContain('password-change-rules');
  });

  it('sends nothing while a rule is unmet or the confirmation differs', async () => {
    const sent = await stubPasswordApi();
    await userEvent.type(field(/^Senha atual/), 'estante-ana');
    await userEvent.type(field(/^Nova senha/), 'curta1');
    await submit();
    expect(await screen.findByText('A senha não atende aos critérios exigidos.')).toBeTruthy();
    await userEvent.clear(field(/^Nova senha/));
    await userEvent.type(field(/^Nova senha/), 'livros-2026');
    await userEvent.type(field(/^Confirme a nova senha/), 'livros-2027');
    await submit();
    expect(await screen.findByText('A confirmação não é igual à nova senha.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the trimmed password and the choice about other sessions; a wrong current one is refused in place', async () => {
    const sent = await stubPasswordApi();
    await userEvent.type(field(/^Senha atual/), 'not-it');
    await userEvent.type(field(/^Nova senha/), ' livros-2026 ');
    await userEvent.type(field(/^Confirme a nova senha/), 'livros-2026');
    await userEvent.click(screen.getByRole('checkbox', { name: /Encerrar as sessões/ }));
    await submit();
    expect(await screen.findByText('A senha atual está incorreta.')).toBeTruthy();
    await userEvent.clear(field(/^Senha atual/));
    await userEvent.type(field(/^Senha atual/), 'estante-ana');
    await submit();
    expect(await screen.findByText('Senha trocada.')).toBeTruthy();
    expect(sent).toEqual([
      { senhaAtual: 'not-it', senhaNova: 'livros-2026', encerrarOutrasSessoes: false },
      { senhaAtual: 'estante-ana', senhaNova: 'livros-2026', encerrarOutrasSessoes: false },
    ]);
    // Nothing typed stays on screen once the password is changed.
    expect((field(/^Nova senha/) as HTMLInputElement).value).toBe('');
  });
});
