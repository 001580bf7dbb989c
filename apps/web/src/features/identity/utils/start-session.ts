import { notifications } from '@mantine/notifications';
import { i18n } from '../../../lib/i18n';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../../../lib/error-handler';
import { connectSession, restoreSession } from './session';

// Reading the key from IndexedDB is quick; if the browser stalls, the page starts signed out rather than blank.
const RESTORE_TIMEOUT_MS = 2000;

/** SPEC §8: on refresh failure, a session-expired warning (the session is already cleared). */
export function showSessionExpired(): void {
  notifications.show({
    color: 'yellow',
    title: i18n.t('errors.warningTitle'),
    message: i18n.t('identity.session.expired'),
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': i18n.t('errors.close') },
  });
}

/** At start-up: connects the session to the API client and restores the stored login state (SPEC §4). */
export async function startSession(): Promise<void> {
  connectSession(showSessionExpired);
  await Promise.race([
    restoreSession().catch(() => null),
    new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
  ]);
}
