import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  DEFAULT_LOGIN_CATEGORY,
  LOGIN_CATEGORY_CODES,
  LOGIN_ERROR_CODE,
  type LinkedLogin,
  type PersonChoice,
} from '@estante/contract';
import { ApiError } from '../../../lib/api-client';
import { signIn } from '../api/sign-in';
import { getDuplicates } from '../api/get-duplicates';
import { getLinkedLogins } from '../api/linked-logins';
import type { Session } from '../utils/session';
import { loginErrorMessage } from '../utils/login-errors';
import { LOGIN_CATEGORY_LABEL_KEYS } from '../utils/login-categories';
import { PasswordRecovery } from './password-recovery';
import { LinkedLoginChoice } from './linked-login-choice';
import { TwoFactorStep } from './two-factor-step';
import { CaptchaWidget } from './captcha-widget';
import { startSingleSignOn } from '../api/single-sign-on';
import { startSamlSignOn } from '../api/saml-sign-on';
import { browserWindow } from '../utils/leave-page';
import { paths } from '../../../config/paths';
import { usePersonalAreaName } from '../../personal-area/hooks/use-personal-area-name';

/** Where to go after signing in (SPEC §2 destination choice). */
export type SignInDestination = 'personalArea' | 'catalogue';

/** What the institution's settings say about its sign-in screen (the app builds it from the configuration). */
export interface SignInSettings {
  /** The institution's login denomination (SPEC §3 denominacao_login); null uses the default label. */
  loginLabel: string | null;
  /** The institution's message for the sign-in screen (SPEC §3 msg_login). */
  loginMessage: string | null;
  /** Whether the institution asks for a category with the login (SPEC §2). */
  asksCategory: boolean;
  /** Whether the personal area is offered (activity 8), and with it the destination choice. */
  offersPersonalArea: boolean;
  /** Whether the institution signs in through single sign-on (SPEC §3 usaOIDC). */
  usesSingleSignOn: boolean;
  /** Whether the institution signs in through SAML 2.0 single sign-on (institution data usaSAML). */
  usesSaml?: boolean;
  /** Whether sign-in needs person lookup: the username first, then person and password (SPEC §4). */
  needsPersonLookup?: boolean;
  /** Whether forgot password is offered (SPEC §6: authentication mode 2 and crypt mode 4). */
  offersRecovery: boolean;
  /** Destination chosen at first (SPEC §3 destino_padrao_login_catalogo). */
  defaultDestination: SignInDestination;
  /** Whether the institution asks for the captcha on sign-in (SPEC §6 activity 1120). */
  requiresCaptcha?: boolean;
}

interface SignInFormProps {
  settings: SignInSettings;
  /** Show the destination choice (when the personal area is offered); off when a return path is set. */
  showDestination?: boolean;
  /** Called once the patron is signed in, with the chosen destination. */
  onSignedIn: (result: { session: Session; destination: SignInDestination }) => void;
  /** Put the focus on the username when the form appears (full page, modal). */
  autoFocus?: boolean;
  /** Where single sign-on comes back to (it leaves the page); by default the chosen destination. */
  returnTo?: string | null;
}

type FieldErrors = { username?: string; password?: string; person?: string; captcha?: string };

/** Long button labels (single sign-on) wrap on narrow screens instead of being cut. */
const WRAPPING_BUTTON = {
  h: 'auto',
  py: 8,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

function isChoiceRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === LOGIN_ERROR_CODE.LOGIN_CHOICE_REQUIRED;
}

/** The password was right and the patron has two-step verification on: the code is asked next. */
function isSecondStepRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === LOGIN_ERROR_CODE.TOTP_REQUIRED;
}

/**
 * The sign-in form (SPEC §2 sign-in screen), used full page, embedded and in the modal: username
 * labelled as the institution calls it, password with show/hide, category when asked, destination,
 * person choice when the username names several people, the linked-login choice after sign-in,
 * keep-me-logged-in, institutional single sign-on and forgot password. On failure the SPEC §8
 * message shows, the password is cleared and the username kept (SPEC §4).
 */
export function SignInForm({
  settings,
  showDestination = false,
  onSignedIn,
  autoFocus,
  returnTo = null,
}: SignInFormProps) {
  const { t } = useTranslation();
  const areaName = usePersonalAreaName();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_LOGIN_CATEGORY);
  const [destination, setDestination] = useState<SignInDestination>(settings.defaultDestination);
  const [rememberMe, setRememberMe] = useState(false);
  const [isAuthenticating, setIsAuthenticating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isRecovering, setIsRecovering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const [linked, setLinked] = useState<{
    session: Session;
    logins: LinkedLogin[];
    destination: SignInDestination;
  } | null>(null);
  // SPEC §2: the people a username names when it names several; one must be chosen.
  const [people, setPeople] = useState<PersonChoice[] | null>(null);
  const [person, setPerson] = useState('');
  // Two-step verification: after TOTP_REQUIRED the grant is sent again with the same password and
  // the code (the password grant checks both together), so the password is not asked twice.
  const [isAskingCode, setIsAskingCode] = useState(false);
  // SPEC §2/§5: the captcha's solved payload; each one is good for one sign-in (decision 0014).
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  // SPEC §4: with person lookup, sign-in is two-step; the username is looked up before the password.
  const [isUsernameLookedUp, setIsUsernameLookedUp] = useState(false);
  const isTwoStep = settings.needsPersonLookup === true;
  const asksUsernameFirst = isTwoStep && !isUsernameLookedUp;
  // The password step of a two-step sign-in: the username is fixed until "use another username".
  const isUsernameFixed = isTwoStep && isUsernameLookedUp;
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const asksDestination = showDestination && settings.offersPersonalArea;
  const loginLabel = settings.loginLabel?.trim() || t('identity.login.username');
  // Single sign-on leaves the page and comes back here: to the return path, else the destination.
  const signOnReturnTo =
    returnTo ??
    (asksDestination && destination === 'personalArea' ? paths.personalArea.getHref() : paths.home.getHref());

  // The password step of a two-step sign-in starts at the password.
  useEffect(() => {
    if (isUsernameLookedUp) passwordRef.current?.focus();
  }, [isUsernameLookedUp]);

  /** First step of a two-step sign-in: the people the username names, then the password step. */
  const lookUpUsername = async () => {
    if (!username.trim()) {
      setFieldErrors({ username: t('identity.login.required.username') });
      usernameRef.current?.focus();
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setIsAuthenticating(true);
    try {
      const duplicates = await getDuplicates(username);
      setPeople(duplicates.result && duplicates.pessoas.length > 0 ? duplicates.pessoas : null);
      setPerson('');
      setIsUsernameLookedUp(true);
    } catch (error) {
      setFailure(loginErrorMessage(error, t));
      usernameRef.current?.focus();
    } finally {
      setIsAuthenticating(false);
    }
  };

  /** Back from the password step to the username (another username may name other people). */
  const changeUsername = () => {
    setIsUsernameLookedUp(false);
    setPeople(null);
    setPassword('');
    setFailure(null);
    setFieldErrors({});
    // The username field comes back; focus it once it is editable again.
    setTimeout(() => usernameRef.current?.focus(), 0);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isAuthenticating) return;
    if (asksUsernameFirst) {
      await lookUpUsername();
      return;
    }
    // SPEC §5: username required (asking for the account data), password required, and the
    // person chosen when duplicates exist.
    const errors: FieldErrors = {
      username: username.trim() ? undefined : t('identity.login.required.username'),
      password: password ? undefined : t('identity.login.required.password'),
      person: people && !person ? t('identity.login.required.person') : undefined,
      captcha: settings.requiresCaptcha && !captchaToken ? t('identity.captcha.required') : undefined,
    };
    setFieldErrors(errors);
    if (errors.username || errors.password || errors.person || errors.captcha) {
      if (errors.username) usernameRef.current?.focus();
      else if (errors.password) passwordRef.current?.focus();
      return;
    }
    setFailure(null);
    setIsAuthenticating(true);
    try {
      await completeSignIn();
    } catch (error) {
      if (isSecondStepRequired(error)) {
        setIsAuthenticating(false);
        setIsAskingCode(true);
        return;
      }
      // SPEC §4: the form returns with the password cleared and the captcha reset; the username stays as typed.
      setPassword('');
      if (settings.requiresCaptcha) setCaptchaResetKey((key) => key + 1);
      setFailure(loginErrorMessage(error, t));
      if (!people && isChoiceRequired(error)) await offerPeople();
      setIsAuthenticating(false);
      passwordRef.current?.focus();
    }
  };

  /** The password grant (with the two-step code when given), then the linked-login choice. */
  const completeSignIn = async (totp?: string) => {
    const session = await signIn({
      username,
      password,
      category: settings.asksCategory ? category : undefined,
      person: people && person ? Number(person) : undefined,
      rememberMe,
      totp,
      captchaToken: settings.requiresCaptcha ? (captchaToken ?? undefined) : undefined,
    });
    const chosenDestination = asksDestination ? destination : 'catalogue';
    // SPEC §4: with several linked logins, the patron chooses one before going on.
    const logins = await getLinkedLogins().catch(() => []);
    if (logins.length > 1) {
      setLinked({ session, logins, destination: chosenDestination });
      return;
    }
    onSignedIn({ session, destination: chosenDestination });
  };

  // SPEC §2/§4: continue to institutional single sign-on; a username without "@" is a local login,
  // which switches to the password login instead.
  const continueWithSingleSignOn = async () => {
    if (username.trim() && !username.includes('@')) {
      setFailure(null);
      setNotice(t('identity.sso.passwordHint'));
      passwordRef.current?.focus();
      return;
    }
    setFailure(null);
    setIsLeaving(true);
    try {
      const link = await startSingleSignOn({ login: username, returnTo: signOnReturnTo, rememberMe });
      browserWindow.leaveTo(link);
    } catch (error) {
      setFailure(loginErrorMessage(error, t));
      setIsLeaving(false);
    }
  };

  // SAML single sign-on: the provider identifies the patron, so no username is needed here.
  const continueWithSaml = async () => {
    setFailure(null);
    setIsLeaving(true);
    try {
      browserWindow.leaveTo(await startSamlSignOn({ returnTo: signOnReturnTo, rememberMe }));
    } catch (error) {
      setFailure(loginErrorMessage(error, t));
      setIsLeaving(false);
    }
  };

  const offerPeople = async () => {
    try {
      const duplicates = await getDuplicates(username);
      if (duplicates.result && duplicates.pessoas.length > 0) {
        setPeople(duplicates.pessoas);
        setPerson('');
      }
    } catch {
      // The server's message already asks for a choice; without the list the patron can use another login.
    }
  };

  if (linked) {
    return (
      <LinkedLoginChoice
        session={linked.session}
        logins={linked.logins}
        onChosen={(session) => onSignedIn({ session, destination: linked.destination })}
      />
    );
  }

  if (isAskingCode) {
    return (
      <TwoFactorStep
        onVerify={completeSignIn}
        onCancel={() => {
          setIsAskingCode(false);
          setPassword('');
        }}
      />
    );
  }

  if (isRecovering) {
    return (
      <PasswordRecovery
        loginLabel={loginLabel}
        initialLogin={username}
        requiresCaptcha={settings.requiresCaptcha}
        onCancel={() => setIsRecovering(false)}
        onDone={(login) => {
          setIsRecovering(false);
          setUsername(login);
          setPassword('');
          setFailure(null);
          setNotice(t('identity.recovery.done'));
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={settings.loginMessage ? messageId : undefined}
    >
      <Stack gap="md">
        {settings.loginMessage && (
          <Text id={messageId} size="sm">
            {settings.loginMessage}
          </Text>
        )}
        {notice && !failure && (
          <Alert role="status" color="teal" variant="light">
            {notice}
          </Alert>
        )}
        {failure && (
          <Alert role="alert" color="red" variant="light" title={t('identity.login.error.title')}>
            {failure}
          </Alert>
        )}
        <TextInput
          ref={usernameRef}
          label={loginLabel}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            // Another username may name other people, or only one.
            setPeople(null);
          }}
          error={fieldErrors.username}
          required
          readOnly={isUsernameFixed}
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        {isUsernameFixed && (
          <Anchor component="button" type="button" size="sm" onClick={changeUsername} w="fit-content">
            {t('identity.login.changeUsername')}
          </Anchor>
        )}
        {!asksUsernameFirst && (
          <PasswordInput
            ref={passwordRef}
            label={t('identity.login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('identity.login.showPassword') }}
          />
        )}
        {people && (
          <Radio.Group
            label={t('identity.login.person.label')}
            description={
              isTwoStep
                ? t('identity.login.person.lookupDescription')
                : t('identity.login.person.description')
            }
            name="person"
            value={person}
            onChange={setPerson}
            error={fieldErrors.person}
            required
          >
            <Stack gap="xs" mt={4}>
              {people.map((choice) => (
                <Radio key={choice.codigo} value={String(choice.codigo)} label={choice.nome} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {settings.asksCategory && !asksUsernameFirst && (
          <NativeSelect
            label={t('identity.login.category')}
            name="category"
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value)}
            data={LOGIN_CATEGORY_CODES.map((code) => ({
              value: code,
              label: t(LOGIN_CATEGORY_LABEL_KEYS[code]),
            }))}
          />
        )}
        {asksDestination && !asksUsernameFirst && (
          <Radio.Group
            label={t('identity.login.destination.label')}
            name="destination"
            value={destination}
            onChange={(value) => setDestination(value === 'personalArea' ? 'personalArea' : 'catalogue')}
          >
            <Group gap="md" mt={4}>
              <Radio value="personalArea" label={areaName} />
              <Radio value="catalogue" label={t('identity.login.destination.catalogue')} />
            </Group>
          </Radio.Group>
        )}
        {settings.requiresCaptcha && !asksUsernameFirst && (
          <CaptchaWidget onChange={setCaptchaToken} resetKey={captchaResetKey} error={fieldErrors.captcha} />
        )}
        <Checkbox
          label={t('identity.login.rememberMe')}
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.currentTarget.checked)}
        />
        <Group justify="space-between" align="center" gap="sm">
          {settings.offersRecovery ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setIsRecovering(true)}>
              {t('identity.login.forgotPassword')}
            </Anchor>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isAuthenticating}>
            {asksUsernameFirst ? t('identity.login.continue') : t('identity.login.submit')}
          </Button>
        </Group>
        {settings.usesSingleSignOn && (
          <Button
            type="button"
            variant="outline"
            loading={isLeaving}
            onClick={() => void continueWithSingleSignOn()}
            {...WRAPPING_BUTTON}
          >
            {t('identity.sso.button')}
          </Button>
        )}
        {settings.usesSaml && (
          <Button
            type="button"
            variant="outline"
            loading={isLeaving}
            onClick={() => void continueWithSaml()}
            {...WRAPPING_BUTTON}
          >
            {t('identity.saml.button')}
          </Button>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {isAuthenticating ? t('identity.login.authenticating') : ''}
        </VisuallyHidden>
      </Stack>
    </form>
  );
}
