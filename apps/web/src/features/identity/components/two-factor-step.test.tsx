import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse } from '../../../testing/render';
import { stubIdentityApi } from '../../../testing/identity';
import { clearSession, getSession } from '../utils/session';
import { SignInForm, type SignInSettings } from './sign-in-form';

// The machine running the suite is shared; typing into the form takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const settings: SignInSettings = {
  loginLabel: null,
  loginMessage: null,
  asksCategory: false,
  offersPersonalArea: false,
  offersRecovery: false,
  usesSingleSignOn: false,
  defaultDestination: 'catalogue',
};

const APP_CODE = '123456';
const RECOVERY_CODE = 'abcd-efgh';

/**
 * The sign-in stand-in (testing/identity.ts) for a patron with two-step verification on: the
 * password grant with the right password and no code answers 422 TOTP_REQUIRED as the server does;
 * a wrong or used code answers 422 TOTP_INVALID; the right one goes on as a normal grant.
 */
function stubWithSecondStep() {
  const api = stubIdentityApi();
  const signIn = globalThis.fetch;
  const used = new Set<string>();
  const grants: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : null;
      if (url.pathname === '/api/oauth/token' && body?.grant_type === 'password') {
        grants.push(body);
        if (body.password === 'estante-ana') {
          const { totp, ...rest } = body;
          if (!totp) {
            return jsonResponse({ message: 'identityRules.totpRequired', code: 'TOTP_REQUIRED' }, 422);
          }
          if (![APP_CODE, RECOVERY_CODE].includes(totp) || used.has(totp)) {
            return jsonResponse({ message: 'identityRules.totpInvalid', code: 'TOTP_INVALID' }, 422);
          }
          used.add(totp);
          return signIn(input, { ...init, body: JSON.stringify(rest) });
        }
      }
      return signIn(input, init);
    }),
  );
  return { api, grants };
}

const passwordInput = () => screen.getByLabelText<HTMLInputElement>(/^Senha/, { selector: 'input' });
const codeInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Código de verificação/ });

async function signInWithPassword() {
  const onSignedIn = vi.fn();
  renderWithProviders(<SignInForm settings={settings} onSignedIn={onSignedIn} />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
  await userEvent.type(passwordInput(), 'estante-ana');
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByRole('heading', { name: 'Verificação em duas etapas' });
  return { onSignedIn };
}

afterEach(async () => {
  await clearSession();
});

describe('two-step verification at sign-in', () => {
  it('asks for the app code after the right password, without asking the password again', async () => {
    const { grants } = stubWithSecondStep();
    const { onSignedIn } = await signInWithPassword();
    expect(screen.queryByLabelText(/^Senha/, { selector: 'input' })).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.type(codeInput(), APP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    // The grant is sent again with the same password and the code, as the server expects.
    expect(grants[1]).toMatchObject({ username: 'ana', password: 'estante-ana', totp: APP_CODE });
    expect(getSession()?.user.login).toBe('ana');
  });

  it('says a wrong code in the patron language, empties the field and lets them try again', async () => {
    stubWithSecondStep();
    const { onSignedIn } = await signInWithPassword();
    await userEvent.type(codeInput(), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Código de verificação incorreto ou já usado.',
    );
    expect(codeInput().value).toBe('');
    expect(document.activeElement).toBe(codeInput());
    expect(onSignedIn).not.toHaveBeenCalled();
    // A recovery code works in the same field.
    await userEvent.type(codeInput(), RECOVERY_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('asks for the code before sending anything when the field is empty', async () => {
    const { grants } = stubWithSecondStep();
    await signInWithPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Digite o código de verificação.')).toBeTruthy();
    expect(grants).toHaveLength(1);
  });

  it('goes back to the sign-in form with the password cleared', async () => {
    stubWithSecondStep();
    await signInWithPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    expect(passwordInput().value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Usuário' }).value).toBe('ana');
    expect(getSession()).toBeNull();
  });
});
