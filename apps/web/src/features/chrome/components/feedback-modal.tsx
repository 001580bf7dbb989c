import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/ui/lazy-overlays';
import { paths } from '../../../config/paths';

interface FeedbackModalProps {
  /** Modal title: the activity's description from the page configuration (SPEC "Page chrome"). */
  title: string;
  opened: boolean;
  onClose: () => void;
  /** Whether a patron is signed in; only then is `form` shown. */
  isSignedIn: boolean;
  /** The comment or suggestion form, shown to a signed-in patron. */
  form?: React.ReactNode;
  /** Signs in without leaving the page (the login modal); else the prompt links to the login page. */
  onSignIn?: (() => void) | undefined;
}

/**
 * The comment (activity 13) and purchase-suggestion (activity 12) pop-ups. SPEC §5: sending requires
 * login; otherwise a prompt asks the visitor to sign in and come back here.
 */
export function FeedbackModal({ title, opened, onClose, isSignedIn, form, onSignIn }: FeedbackModalProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {isSignedIn && form ? (
        form
      ) : isSignedIn ? (
        <Text>{t('notAvailable.description')}</Text>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text>{t('chrome.loginPrompt.message')}</Text>
          {onSignIn ? (
            <Button onClick={onSignIn}>{t('chrome.loginPrompt.action')}</Button>
          ) : (
            <Button
              component={Link}
              to={paths.login.getHref(location.pathname + location.search)}
              onClick={onClose}
            >
              {t('chrome.loginPrompt.action')}
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
