import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Text } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { CAPTCHA_PATHS } from '@estante/contract';
import { getCaptchaChallenge } from '../api/get-captcha-challenge';
import { useCaptchaConfiguration } from '../api/get-captcha-configuration';
import { RecaptchaWidget } from './recaptcha-widget';

/** Name under which our texts are registered with the widget (it looks strings up by language). */
const WIDGET_LANGUAGE = 'estante';

/** The widget's methods exist once the custom element has mounted (a tick after it is connected). */
async function whenReady(widget: AltchaWidgetElement): Promise<boolean> {
  await customElements.whenDefined('altcha-widget');
  for (let attempt = 0; attempt < 100; attempt++) {
    if (typeof widget.configure === 'function') return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

interface CaptchaWidgetProps {
  /** Called with the token (ALTCHA payload or reCAPTCHA token, sent as recaptcha_token), or null when none. */
  onChange: (token: string | null) => void;
  /** Changing it starts a new challenge (a used or refused captcha cannot be sent again). */
  resetKey?: number;
  /** The validation message when the captcha is required and not done (SPEC §5). */
  error?: string | undefined;
}

/**
 * The sign-in captcha (SPEC §2 "captcha when required", activity 1120): reCAPTCHA when the
 * institution configured its keys (decision 0017), else ALTCHA. Either hands its token on the same way.
 */
export function CaptchaWidget(props: CaptchaWidgetProps) {
  const { t } = useTranslation();
  const { data: configuration, isPending } = useCaptchaConfiguration();
  const siteKey = configuration?.provedor === 'recaptcha' ? configuration.recaptcha_site_key : null;
  const onChangeRef = useRef(props.onChange);
  useEffect(() => {
    onChangeRef.current = props.onChange;
  }, [props.onChange]);
  // A token of one captcha is worthless to the other: forget it when the configuration changes.
  useEffect(() => () => onChangeRef.current(null), [siteKey]);

  if (isPending) {
    return (
      <div>
        <Text size="sm" c="dimmed" role="status">
          {t('identity.captcha.loading')}
        </Text>
        {props.error && <Input.Error mt={4}>{props.error}</Input.Error>}
      </div>
    );
  }
  // Unanswered configuration: ALTCHA, the server's default (its own challenge call reports failures).
  return siteKey ? <RecaptchaWidget siteKey={siteKey} {...props} /> : <AltchaWidget {...props} />;
}

/**
 * The ALTCHA widget (decision 0014), solving a proof of work from GET /captcha/desafio in the
 * browser. Its texts come from our locale files.
 */
function AltchaWidget({ onChange, resetKey = 0, error }: CaptchaWidgetProps) {
  const { t, i18n } = useTranslation();
  // Registers the <altcha-widget> custom element (ALTCHA proof of work, decision 0014), fetched only
  // when a captcha shows (issue 18: it is a quarter of the app's code); `whenReady` waits for it.
  useEffect(() => {
    void import('altcha');
  }, []);
  const ref = useRef<AltchaWidgetElement>(null);
  const errorId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The widget's own strings, in the interface language.
  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    let isCurrent = true;
    const configuration = {
      language: WIDGET_LANGUAGE,
      challenge: CAPTCHA_PATHS.challenge,
      // The challenge is asked with the portal's public token and checked against the contract.
      fetch: async () =>
        new Response(JSON.stringify(await getCaptchaChallenge()), {
          headers: { 'Content-Type': 'application/json' },
        }),
      hideFooter: true,
      validationMessage: t('identity.captcha.required'),
    };
    // The widget's script is fetched on demand: its global exists once the element is defined.
    void whenReady(widget).then((ready) => {
      if (!ready || !isCurrent) return;
      globalThis.$altcha.i18n.set(WIDGET_LANGUAGE, {
        ...globalThis.$altcha.i18n.get('en'),
        ariaLinkLabel: t('identity.captcha.label'),
        label: t('identity.captcha.label'),
        loading: t('identity.captcha.loading'),
        verify: t('identity.captcha.verify'),
        verifying: t('identity.captcha.verifying'),
        verified: t('identity.captcha.verified'),
        verificationRequired: t('identity.captcha.required'),
        waitAlert: t('identity.captcha.verifying'),
        error: t('identity.captcha.error'),
        expired: t('identity.captcha.expired'),
        reload: t('identity.captcha.reload'),
      });
      void widget.configure(configuration);
    });
    return () => {
      isCurrent = false;
    };
  }, [t, i18n.language]);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (resetKey === 0 || !widget) return;
    onChangeRef.current(null);
    void whenReady(widget).then((ready) => {
      if (ready) widget.reset();
    });
  }, [resetKey]);

  return (
    <div role="group" aria-label={t('identity.captcha.group')} aria-describedby={error ? errorId : undefined}>
      <altcha-widget ref={ref} name="recaptcha_token" />
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
