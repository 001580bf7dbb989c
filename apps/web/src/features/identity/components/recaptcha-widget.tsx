import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Stack, Text } from '@mantine/core';
import { loadScript, scriptState, subscribeToScripts } from '../../../lib/load-script';

/** Google's reCAPTCHA script (v2 checkbox, rendered explicitly); loaded only when the institution uses it. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/** reCAPTCHA's language codes for ours (its `hl` parameter). */
const RECAPTCHA_LANGUAGES: Record<string, string> = { pt: 'pt-BR', en: 'en', es: 'es', fr: 'fr', it: 'it' };

/** The script address for a language: explicit rendering, texts in that language. */
export function recaptchaScriptUrl(language: string): string {
  const hl = RECAPTCHA_LANGUAGES[language.split('-')[0] ?? ''] ?? 'pt-BR';
  return `${RECAPTCHA_SCRIPT_URL}?${new URLSearchParams({ render: 'explicit', hl })}`;
}

/** The part of Google's `grecaptcha` global the widget uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

interface RecaptchaWidgetProps {
  /** The institution's reCAPTCHA site key (public; the secret key stays on the server). */
  siteKey: string;
  /** Called with reCAPTCHA's token (sent as recaptcha_token), or null when it is not (or no longer) valid. */
  onChange: (token: string | null) => void;
  /** Changing it asks for a new check (a used or refused token cannot be sent again). */
  resetKey?: number;
  /** The validation message when the captcha is required and not done (SPEC §5). */
  error?: string | undefined;
}

/**
 * The sign-in captcha when the institution configured reCAPTCHA (decision 0017): Google's checkbox,
 * whose script is asked for only here. Offline (or blocked), it says so and offers to try again.
 */
export function RecaptchaWidget({ siteKey, onChange, resetKey = 0, error }: RecaptchaWidgetProps) {
  const { t, i18n } = useTranslation();
  const errorId = useId();
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The language is fixed for the page's life: choosing another one reloads the page (SPEC §1).
  const [src] = useState(() => recaptchaScriptUrl(i18n.language));
  const state = useSyncExternalStore(subscribeToScripts, () => scriptState(src));
  useEffect(() => {
    // A failure is reported through the script state.
    loadScript(src).catch(() => undefined);
  }, [src]);

  useEffect(() => {
    const grecaptcha = window.grecaptcha;
    if (state !== 'ready' || !grecaptcha) return;
    let isCurrent = true;
    grecaptcha.ready(() => {
      if (!isCurrent || !container.current || widgetId.current !== null) return;
      widgetId.current = grecaptcha.render(container.current, {
        sitekey: siteKey,
        callback: (token) => onChangeRef.current(token),
        'expired-callback': () => onChangeRef.current(null),
        'error-callback': () => onChangeRef.current(null),
      });
    });
    return () => {
      isCurrent = false;
    };
  }, [state, siteKey]);

  useEffect(() => {
    if (resetKey === 0) return;
    onChangeRef.current(null);
    if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
  }, [resetKey]);

  return (
    <div role="group" aria-label={t('identity.captcha.group')} aria-describedby={error ? errorId : undefined}>
      {state === 'error' ? (
        <Alert role="alert" color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('identity.captcha.recaptchaUnavailable')}</Text>
            <Button size="xs" variant="default" onClick={() => loadScript(src).catch(() => undefined)}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        state !== 'ready' && (
          <Text size="sm" c="dimmed">
            {t('identity.captcha.loading')}
          </Text>
        )
      )}
      <div ref={container} data-testid="recaptcha" />
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
