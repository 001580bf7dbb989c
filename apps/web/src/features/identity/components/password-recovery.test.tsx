import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasswordRules, RecoveryStart } from '@estante/contract';
import { i18n } from '../../../lib/i18n';
import { fetchWith, jsonResponse, renderWithProviders } from '../../../testing/render';
import { PasswordRecovery } from './password-recovery';

// The machine running the suite is shared; typing whole passwords takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const START: RecoveryStart = {
  emails: ['an***@d***.example'],
  name: 'Ana',
  length: 6,
  tte: 900,
  expira_em: '2026-11-23T19:00:00Z',
};
const RULES: PasswordRules = {
  length: { min: 8, max: 20 },
  has_numbers: true,
  only_numbers: false,
  diff_case: true,
  special_char: true,
  diff_name: true,
  last_pw: 3,
};

/** The recovery calls of SPEC §7, answered like the server: code 123456 is right, others 422. */
function stubRecoveryApi() {
  const calls: { method: string; path: string; body: Record<string, string> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchWith((url, init) => {
        const method = init?.method ?? 'GET';
        const body =
          typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : null;
        calls.push({ method, path: url.pathname, body });
        if (url.pathname !== '/api/pessoas/ana/recuperar-senha') {
          return jsonResponse(
            { message: 'recoveryRules.userNotFound', code: 'RECOVERY_USER_NOT_FOUND' },
            422,
          );
        }
        if (method === 'GET') return jsonResponse(START);
        if (body?.code !== '123456') {
          return jsonResponse({ message: 'recoveryRules.codeInvalid', code: 'RECOVERY_CODE_INVALID' }, 422);
        }
        return method === 'POST' ? jsonResponse(RULES) : jsonResponse({ result: true });
      }),
    ),
  );
  return calls;
}

function renderRecovery(initialLogin = 'ana') {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <PasswordRecovery loginLabel="Usuário" initialLogin={initialLogin} onDone={onDone} onCancel={onCancel} />,
  );
  return { onDone, onCancel };
}

const codeField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Código de verificação/ });
const newPassword = () => screen.getByLabelText<HTMLInputElement>(/^Nova senha/, { selector: 'input' });
const confirmation = () =>
  screen.getByLabelText<HTMLInputElement>(/^Confirme a nova senha/, { selector: 'input' });

describe('forgot password (SPEC §4, three steps)', () => {
  it('requires the user code before asking the server', async () => {
    const calls = stubRecoveryApi();
    renderRecovery('');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('Informe seu usuário para recuperar a senha.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message for an unknown user", async () => {
    stubRecoveryApi();
    renderRecovery('ninguem');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('recoveryRules.userNotFound'));
  });

  it('sends the code, checks it when complete, offers a new one after a 422, then sets a password that meets every rule', async () => {
    const calls = stubRecoveryApi();
    const { onDone } = renderRecovery();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

    // Step 2: where the code went, its length and expiry.
    expect(
      await screen.findByText('Ana, enviamos um código de verificação para an***@d***.example.'),
    ).toBeTruthy();
    expect(codeField().maxLength).toBe(6);
    expect(screen.getByText(/^6 dígitos\. O código vale até \d{2}:\d{2}\.$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar novo código' })).toBeNull();
    await userEvent.type(codeField(), '000000');
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('recoveryRules.codeInvalid'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar novo código' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(codeField().value).toBe('');
    await userEvent.type(codeField(), '12a3456');

    // Step 3: the checklist follows the typing.
    await waitFor(() => expect(newPassword()).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ code: '123456' });
    const checklist = () => within(document.getElementById('recovery-password-rules') as HTMLElement);
    expect(checklist().getByText('Pendente: ter entre 8 e 20 caracteres')).toBeTruthy();
    expect(checklist().getByText('ser diferente das últimas 3 senhas (verificado ao salvar)')).toBeTruthy();
    await userEvent.type(newPassword(), 'ana#2026x');
    expect(checklist().getByText('Atendido: ter entre 8 e 20 caracteres')).toBeTruthy();
    expect(checklist().getByText('Pendente: não conter partes do seu nome')).toBeTruthy();
    expect(checklist().getByText('Pendente: ter letras maiúsculas e minúsculas')).toBeTruthy();

    // Saving is blocked while a rule is unmet.
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A senha não atende aos critérios exigidos.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(newPassword());
    await userEvent.type(newPassword(), 'Livro#2026b');
    expect(checklist().queryByText(/^Pendente/)).toBeNull();
    await userEvent.type(confirmation(), 'Livro#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByText('A confirmação não é igual à nova senha.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.type(confirmation(), 'b');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('ana'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      code: '123456',
      password: 'Livro#2026b',
    });
  });
});
