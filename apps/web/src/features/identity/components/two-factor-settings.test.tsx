import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { signIn } from '../api/sign-in';
import { clearSession } from '../utils/session';
import { TwoFactorSettings } from './two-factor-settings';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Estante:ana?secret=${SECRET}&issuer=Estante`;
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`);

/**
 * The sign-in stand-in plus /pessoas/meu-pergamum/dois-fatores as the server answers it: GET status,
 * POST a secret, PUT {codigo} (123456 is right) with ten recovery codes, DELETE {senha}.
 */
async function stubTwoFactorApi({ offered = true, active = false } = {}) {
  stubIdentityApi();
  const inner = globalThis.fetch;
  const state = { offered, active, calls: [] as { method: string; body: unknown }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname !== '/api/pessoas/meu-pergamum/dois-fatores') return inner(input, init);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
      state.calls.push({ method, body });
      if (method === 'GET') return jsonResponse({ disponivel: state.offered, ativo: state.active });
      if (method === 'POST') return jsonResponse({ secret: SECRET, otpauth_url: OTPAUTH });
      if (method === 'PUT') {
        if (body.codigo !== '123456') {
          return jsonResponse({ message: 'identityRules.totpInvalid', code: 'TOTP_INVALID' }, 422);
        }
        state.active = true;
        return jsonResponse({ codigos_recuperacao: RECOVERY_CODES });
      }
      if (body.senha !== 'estante-ana') {
        return jsonResponse(
          { message: 'identityRules.currentPasswordWrong', code: 'CURRENT_PASSWORD_WRONG' },
          422,
        );
      }
      state.active = false;
      return jsonResponse({ result: true });
    }),
  );
  // The calls are private: a patron is signed in first, as in the personal area.
  await signIn({ username: 'ana', password: 'estante-ana', rememberMe: false });
  renderWithProviders(<TwoFactorSettings login="ana" />);
  return state;
}

afterEach(async () => {
  await clearSession();
});

describe('two-step verification in the personal area', () => {
  it('is not shown when the institution does not offer it', async () => {
    const state = await stubTwoFactorApi({ offered: false });
    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Verificação em duas etapas' })).toBeNull();
  });

  it('turns it on: shows the secret and otpauth address, confirms a code, shows the recovery codes once', async () => {
    const state = await stubTwoFactorApi();
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ativar verificação em duas etapas' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(OTPAUTH)).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /^Código do aplicativo/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e ativar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Código de verificação incorreto ou já usado.',
    );

    await userEvent.type(screen.getByRole('textbox', { name: /^Código do aplicativo/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e ativar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(state.calls.find((call) => call.method === 'PUT' && call.body)?.body).toEqual({
      codigo: '000000',
    });

    // Shown once: after "saved", the codes are gone and the status says it is on.
    await userEvent.click(screen.getByRole('button', { name: 'Já guardei os códigos' }));
    expect(screen.queryByRole('list', { name: 'Códigos de recuperação' })).toBeNull();
    expect(await screen.findByText('A verificação em duas etapas está ativa.')).toBeTruthy();
  });

  it('turns it off with the password, refusing a wrong one with the server message', async () => {
    const state = await stubTwoFactorApi({ active: true });
    expect(await screen.findByText('A verificação em duas etapas está ativa.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Desativar verificação em duas etapas' });
    await userEvent.click(button);
    expect(screen.getByText('Informe sua senha.')).toBeTruthy();

    const password = () => screen.getByLabelText<HTMLInputElement>(/^Senha/, { selector: 'input' });
    await userEvent.type(password(), 'errada');
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('A senha atual está incorreta.');
    expect(password().value).toBe('');

    await userEvent.type(password(), 'estante-ana');
    await userEvent.click(button);
    expect(await screen.findByText('Verificação em duas etapas desativada.')).toBeTruthy();
    expect(await screen.findByText('A verificação em duas etapas está desativada.')).toBeTruthy();
    expect(state.calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { senha: 'errada' },
      { senha: 'estante-ana' },
    ]);
  });
});
