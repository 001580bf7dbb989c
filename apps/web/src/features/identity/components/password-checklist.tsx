import { useTranslation } from 'react-i18next';
import { List, Text } from '@mantine/core';
import type { PasswordRules } from '@estante/contract';
import { checkPassword, type PasswordCheckKey } from '../utils/password-rules';

/** Translation key of each checklist line (SPEC §5). */
const CHECK_LABEL_KEYS = {
  length: 'identity.recovery.rule.length',
  numbers: 'identity.recovery.rule.numbers',
  onlyNumbers: 'identity.recovery.rule.onlyNumbers',
  mixedCase: 'identity.recovery.rule.mixedCase',
  special: 'identity.recovery.rule.special',
  notName: 'identity.recovery.rule.notName',
} as const satisfies Record<PasswordCheckKey, string>;

/**
 * SPEC §5's live checklist of a new password against the server's rules, each line saying whether
 * it is met; the last-N rule is listed as checked when saving. The recovery and the password change
 * show the same list; `id` lets the password field point to it (aria-describedby).
 */
export function PasswordChecklist({
  id,
  password,
  rules,
  name,
}: {
  id: string;
  password: string;
  rules: PasswordRules;
  /** The patron's name: a password must not contain parts of it when the rules say so. */
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Text size="sm" fw={700}>
        {t('identity.recovery.rule.heading')}
      </Text>
      <List size="sm" spacing={2}>
        {checkPassword(password, rules, name).map((check) => (
          <List.Item key={check.key} c={check.isMet ? 'teal.9' : undefined}>
            {t(check.isMet ? 'identity.recovery.rule.met' : 'identity.recovery.rule.unmet', {
              rule: t(CHECK_LABEL_KEYS[check.key], rules.length),
            })}
          </List.Item>
        ))}
        {rules.last_pw > 0 && (
          <List.Item>{t('identity.recovery.rule.history', { count: rules.last_pw })}</List.Item>
        )}
      </List>
    </div>
  );
}

/** Whether a new password meets every rule the browser can check. */
export function meetsPasswordRules(password: string, rules: PasswordRules, name: string): boolean {
  return checkPassword(password, rules, name).every((check) => check.isMet);
}
