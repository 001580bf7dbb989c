import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { buildUserSession, stubIdentityApi } from '../../../testing/identity';
import { STORAGE_KEYS } from '../../../config/env';
import { i18n } from '../../../lib/i18n';
import { clearSession, getSession, sessionWritten } from '../utils/session';
import { SignInForm, type SignInSettings } from './sign-in-form';
import { browserWindow } from '../utils/leave-page';

// The machine running the suite is shared; typing into the form takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const settings = (overrides: Partial<SignInSettings> = {}): SignInSettings => ({
  loginLabel: null,
  loginMessage: null,
  asksCategory: false,
  offersPersonalArea: false,
  offersRecovery: false,
  usesSingleSignOn: false,
  defaultDestination: 'catalogue',
  ...overrides,
});

function renderForm(formSettings = settings(), showDestination = false) {
  const onSignedIn = vi.fn();
  renderWithProviders(
    <SignInForm settings={formSettings} showDestination={showDestination} onSignedIn={onSignedIn} />,
  );
  return { onSignedIn };
}

/** The password field (a password input has no role; its label carries the required mark). */
const passwordInput = () => screen.getByLabelText<HTMLInputElement>(/^Senha/, { selector: 'input' });

async function fillAndSubmit(username: string, password: string) {
  if (username) await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), username);
  if (password) await userEvent.type(passwordInput(), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

/** Two people sharing one username (SPEC §2 person choice): João (41) and Maria (42). */
function sharedAlias(): Parameters<typeof stubIdentityApi> {
  return [
    {
      joao: {
        password: 'senha-do-joao',
        session: buildUserSession({ nome_pessoa: 'João Silva', login: 'joao', cod_pessoa: 41 }),
      },
      maria: {
        password: 'senha-da-maria',
        session: buildUserSession({ nome_pessoa: 'Maria Silva', login: 'maria', cod_pessoa: 42 }),
      },
    },
    { 'familia@example.org': ['joao', 'maria'] },
  ];
}

afterEach(async () => {
  await clearSession();
});

describe('SignInForm (SPEC §2 sign-in screen)', () => {
  it('labels the username as the institution calls it, with a default when it does not say', () => {
    renderForm(
      settings({ loginLabel: 'Matrícula ou CPF', loginMessage: 'Use a senha do portal acadêmico.' }),
    );
    expect(screen.getByRole('textbox', { name: 'Matrícula ou CPF' })).toBeTruthy();
    expect(screen.getByText('Use a senha do portal acadêmico.')).toBeTruthy();
  });

  it('signs in with the password grant, reads the patron, and reports the catalogue as destination', async () => {
    const api = stubIdentityApi();
    const { onSignedIn } = renderForm();
    await fillAndSubmit('ana', 'estante-ana');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.grants('password')[0]?.body).toEqual({
      grant_type: 'password',
      client_id: '4',
      username: 'ana',
      password: 'estante-ana',
    });
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({
      destination: 'catalogue',
      session: { user: { nome_pessoa: 'Ana Beatriz Souza' }, persistent: false },
    });
    expect(getSession()?.user.login).toBe('ana');
  });

  it('shows the SPEC message for a wrong password, clears the password and keeps the username', async () => {
    stubIdentityApi();
    const { onSignedIn } = renderForm();
    await fillAndSubmit('ana', 'senha-errada');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Usuário ou senha incorretos.');
    const password = passwordInput();
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Usuário' }).value).toBe('ana');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it.each([
    [
      400,
      { message: 'Parâmetros inválidos', code: 'LOGIN_FAILED' },
      'A solicitação de login falhou. Tente novamente.',
    ],
    [
      422,
      { message: 'identityRules.choiceRequired', code: 'LOGIN_CHOICE_REQUIRED' },
      // SPEC §8: the server's 422 message is a key, shown translated.
      i18n.t('identityRules.choiceRequired'),
    ],
    [429, { message: 'Muitas tentativas.', code: 'TOO_MANY_ATTEMPTS' }, 'Muitas tentativas consecutivas.'],
    [430, { message: 'Acesso bloqueado.', code: 'ACESSO_BLOQUEADO' }, 'Sua senha está bloqueada.'],
    [403, { message: 'Acesso bloqueado.', code: 'ACESSO_BLOQUEADO' }, 'Sua senha está bloqueada.'],
    [500, { message: 'Erro inesperado.', code: 'INTERNAL' }, 'Erro desconhecido ao entrar.'],
  ])('answers a %i from the token endpoint with the SPEC §8 text', async (status, body, text) => {
    const api = stubIdentityApi();
    api.state.failWith = { status, body };
    renderForm();
    await fillAndSubmit('ana', 'estante-ana');
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(passwordInput().value).toBe('');
  });

  it('refuses a patron whose password is blocked (bloqueio flag) and keeps no session', async () => {
    const api = stubIdentityApi({ ana: { password: 'estante-ana', session: buildUserSession({}, true) } });
    const { onSignedIn } = renderForm();
    await fillAndSubmit('ana', 'estante-ana');
    expect((await screen.findByRole('alert')).textContent).toContain('Sua senha está bloqueada.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
    // The tokens the grant gave are revoked on the server.
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/oauth/revoke')).toBe(true));
  });

  it('lets the patron choose the person when the username names several, then signs that person in', async () => {
    const api = stubIdentityApi(...sharedAlias());
    const { onSignedIn } = renderForm();
    await fillAndSubmit('familia@example.org', 'senha-da-maria');
    expect((await screen.findByRole('alert')).textContent).toContain(i18n.t('identityRules.choiceRequired'));
    const group = await screen.findByRole('radiogroup', { name: /^Pessoa/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['41', '42']);
    // SPEC §5: the choice is required; the password was cleared and must be typed again.
    await userEvent.type(passwordInput(), 'senha-da-maria');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Escolha a pessoa para continuar.')).toBeTruthy();
    expect(api.grants('password')).toHaveLength(1);
    await userEvent.click(screen.getByRole('radio', { name: 'Maria Silva' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled(), { timeout: 5000 });
    expect(api.grants('password')[1]?.body?.username).toBe('familia@example.org|pessoa:42');
    expect(getSession()?.user.login).toBe('maria');
  }, 20_000);

  it('after sign-in with linked logins, lets the patron continue with another one', async () => {
    const api = stubIdentityApi(
      {
        ana: { password: 'estante-ana', session: buildUserSession() },
        'ana.pos': {
          password: 'outra',
          session: buildUserSession({ login: 'ana.pos', cod_pessoa: 7, nome_pessoa: 'Ana Beatriz Souza' }),
        },
      },
      {},
      [['ana', 'ana.pos']],
    );
    const { onSignedIn } = renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manter-me conectado' }));
    await fillAndSubmit('ana', 'estante-ana');
    const group = await screen.findByRole('radiogroup', { name: /^Escolha o login/ });
    expect(onSignedIn).not.toHaveBeenCalled();
    // The login just used is chosen at first.
    expect(
      within(group).getByRole<HTMLInputElement>('radio', { name: 'Ana Beatriz Souza — Graduação (ana)' })
        .checked,
    ).toBe(true);
    await userEvent.click(
      within(group).getByRole('radio', { name: 'Ana Beatriz Souza — Pós-graduação (ana.pos)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.calls.find((call) => call.path === '/api/pessoas/troca-login')?.body).toEqual({
      codigo: 7,
      base: 'estante',
    });
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({
      session: { user: { login: 'ana.pos' }, persistent: true },
    });
    expect(getSession()?.user.login).toBe('ana.pos');
  });

  it('goes straight on with the login used when the patron keeps it', async () => {
    const api = stubIdentityApi(
      {
        ana: { password: 'estante-ana', session: buildUserSession() },
        'ana.pos': { password: 'outra', session: buildUserSession({ login: 'ana.pos', cod_pessoa: 7 }) },
      },
      {},
      [['ana', 'ana.pos']],
    );
    const { onSignedIn } = renderForm();
    await fillAndSubmit('ana', 'estante-ana');
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.calls.some((call) => call.path === '/api/pessoas/troca-login')).toBe(false);
    expect(getSession()?.user.login).toBe('ana');
  });

  it('offers institutional single sign-on only when the institution uses it', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Entrar com login institucional' })).toBeNull();
  });

  it('continues to the identity provider with the login as a hint, keeping the handle for the return', async () => {
    const api = stubIdentityApi();
    const leave = vi.spyOn(browserWindow, 'leaveTo').mockImplementation(() => {});
    renderForm(settings({ usesSingleSignOn: true }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana@ue.example');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manter-me conectado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com login institucional' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://idp.example/authorize?state=s'));
    const authorize = api.calls.find((call) => call.path === '/api/oidc/authorize');
    expect(authorize).toBeTruthy();
    expect(api.state.signOnRedirect).toBe('/');
    expect(JSON.parse(sessionStorage.getItem('estante.signOn') ?? '{}')).toEqual({
      nonce: 'sign-on-1',
      rememberMe: true,
    });
  });

  it('switches a username without "@" to the password login instead of single sign-on', async () => {
    const api = stubIdentityApi();
    const leave = vi.spyOn(browserWindow, 'leaveTo').mockImplementation(() => {});
    const { onSignedIn } = renderForm(settings({ usesSingleSignOn: true }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com login institucional' }));
    expect(screen.getByText(/Este usuário entra com senha/)).toBeTruthy();
    expect(document.activeElement).toBe(passwordInput());
    expect(api.calls.some((call) => call.path === '/api/oidc/authorize')).toBe(false);
    expect(leave).not.toHaveBeenCalled();
    await userEvent.type(passwordInput(), 'estante-ana');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('offers SAML single sign-on only when the institution uses it, and leaves for the provider', async () => {
    const api = stubIdentityApi();
    const leave = vi.spyOn(browserWindow, 'leaveTo').mockImplementation(() => {});
    renderForm();
    expect(screen.queryByRole('button', { name: 'Entrar com login institucional (SAML)' })).toBeNull();
    document.body.innerHTML = '';
    renderForm(settings({ usesSaml: true }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manter-me conectado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com login institucional (SAML)' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://idp.example/saml/sso?SAMLRequest=r'));
    // It comes back to the catalogue (no return path, no personal area); keep-me-logged-in is kept.
    expect(api.state.signOnRedirect).toBe('/');
    expect(sessionStorage.getItem('estante.samlRememberMe')).toBe('1');
    expect(api.grants('password')).toHaveLength(0);
  });

  describe('with person lookup (SPEC §4: username, then password)', () => {
    const twoStep = settings({ needsPersonLookup: true, asksCategory: true });

    it('asks the username alone first, and refuses to go on without it', async () => {
      const api = stubIdentityApi();
      renderForm(twoStep);
      expect(screen.queryByLabelText(/^Senha/, { selector: 'input' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Categoria' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(screen.getByText('Informe os dados da sua conta: o usuário é obrigatório.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Usuário' }));
      expect(api.calls.some((call) => call.path === '/api/pessoas/duplicadas')).toBe(false);
    });

    it('looks the username up, then asks the password of the one person it names', async () => {
      const api = stubIdentityApi();
      const { onSignedIn } = renderForm(twoStep);
      await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      await waitFor(() => expect(document.activeElement).toBe(passwordInput()));
      expect(api.calls.find((call) => call.path === '/api/pessoas/duplicadas')).toBeTruthy();
      expect(screen.queryByRole('radiogroup', { name: /^Pessoa/ })).toBeNull();
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Usuário' }).readOnly).toBe(true);
      expect(screen.getByRole('combobox', { name: 'Categoria' })).toBeTruthy();
      await userEvent.type(passwordInput(), 'estante-ana');
      await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
      // The category is sent with the login, as in the one-step form.
      expect(api.grants('password')[0]?.body?.username).toBe('ana|categoria:01');
    });

    it('shows the people a shared username names before the password, and signs the chosen one in', async () => {
      const api = stubIdentityApi(...sharedAlias());
      const { onSignedIn } = renderForm(settings({ needsPersonLookup: true }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'familia@example.org');
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      const group = await screen.findByRole('radiogroup', { name: /^Pessoa/ });
      // No failed grant first: the choice comes from the lookup.
      expect(api.grants('password')).toHaveLength(0);
      expect(screen.queryByRole('alert')).toBeNull();
      await userEvent.type(passwordInput(), 'senha-do-joao');
      await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      expect(screen.getByText('Escolha a pessoa para continuar.')).toBeTruthy();
      expect(api.grants('password')).toHaveLength(0);
      await userEvent.click(within(group).getByRole('radio', { name: 'João Silva' }));
      await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
      expect(api.grants('password')[0]?.body?.username).toBe('familia@example.org|pessoa:41');
      expect(getSession()?.user.login).toBe('joao');
    }, 20_000);

    it('goes back to the username, forgetting the password and the people', async () => {
      stubIdentityApi({}, { 'familia@example.org': [] });
      renderForm(settings({ needsPersonLookup: true }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'familia@example.org');
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      await userEvent.type(await waitFor(() => passwordInput()), 'segredo');
      await userEvent.click(screen.getByRole('button', { name: 'Usar outro usuário' }));
      const usernameField = screen.getByRole<HTMLInputElement>('textbox', { name: 'Usuário' });
      await waitFor(() => expect(document.activeElement).toBe(usernameField));
      expect(usernameField.readOnly).toBe(false);
      expect(screen.queryByLabelText(/^Senha/, { selector: 'input' })).toBeNull();
      await userEvent.clear(usernameField);
      await userEvent.type(usernameField, 'ana');
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect((await waitFor(() => passwordInput())).value).toBe('');
    });
  });

  it('asks for the account data and the password before sending anything', async () => {
    const api = stubIdentityApi();
    renderForm();
    await fillAndSubmit('', '');
    expect(screen.getByText('Informe os dados da sua conta: o usuário é obrigatório.')).toBeTruthy();
    expect(screen.getByText('Informe sua senha.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Usuário' }));
    expect(api.calls).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    renderForm();
    const password = passwordInput();
    const toggle = screen.getByRole('button', { name: 'Mostrar senha' });
    expect(password.type).toBe('password');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(password.type).toBe('password');
  });

  it('offers the categories when the institution asks, 01 first chosen, and sends the code with the login', async () => {
    const api = stubIdentityApi();
    const { onSignedIn } = renderForm(settings({ asksCategory: true }));
    const category = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Categoria' });
    expect(category.value).toBe('01');
    expect(category.options).toHaveLength(14);
    await userEvent.selectOptions(category, '03');
    await fillAndSubmit('ana', 'estante-ana');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.grants('password')[0]?.body?.username).toBe('ana|categoria:03');
  });

  it('has no category choice for an institution that does not ask', () => {
    renderForm();
    expect(screen.queryByRole('combobox', { name: 'Categoria' })).toBeNull();
  });

  it('offers the destination when the personal area exists, starting from the institution default', async () => {
    stubIdentityApi();
    const { onSignedIn } = renderForm(
      settings({ offersPersonalArea: true, defaultDestination: 'personalArea' }),
      true,
    );
    const group = screen.getByRole('radiogroup', { name: 'Depois de entrar, ir para' });
    expect(group).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Minha conta' }).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Catálogo online' }));
    await fillAndSubmit('ana', 'estante-ana');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ destination: 'catalogue' });
  });

  it('shows no destination choice without a personal area', () => {
    renderForm(settings({ offersPersonalArea: false }), true);
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('keeps the session in localStorage with keep-me-logged-in, encrypted', async () => {
    stubIdentityApi();
    const { onSignedIn } = renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manter-me conectado' }));
    await fillAndSubmit('ana', 'estante-ana');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    await sessionWritten();
    const stored = localStorage.getItem(STORAGE_KEYS.session);
    expect(stored).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    // Neither the tokens nor the name are readable in storage.
    expect(stored).not.toContain('user-token-1');
    expect(stored).not.toContain('refresh-1');
    expect(stored).not.toContain('Ana');
  });

  it('keeps the session in sessionStorage without keep-me-logged-in', async () => {
    stubIdentityApi();
    const { onSignedIn } = renderForm();
    await fillAndSubmit('ana', 'estante-ana');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    await sessionWritten();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('offers forgot password only when the server says recovery is available', async () => {
    renderForm(settings({ offersRecovery: false }));
    expect(screen.queryByRole('button', { name: 'Esqueci minha senha' })).toBeNull();
  });

  it('leads from forgot password to the recovery, keeping the username typed, and back', async () => {
    renderForm(settings({ offersRecovery: true }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuário' }), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Usuário' }).value).toBe('ana');
    await userEvent.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });
});
