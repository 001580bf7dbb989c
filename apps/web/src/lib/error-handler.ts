import type { TFunction } from 'i18next';
import { notifications, type NotificationData } from '@mantine/notifications';
import { ApiError } from './api-client';
import { i18n, translateKey } from './i18n';

/** SPEC §9: notifications close by themselves after 8 seconds. */
export const NOTIFICATION_AUTO_CLOSE_MS = 8000;

/**
 * SPEC §8 special 500s. The API names them with these codes; older servers only put a marker in the
 * message, so both are checked.
 */
export const NETWORK_CATALOGUE_ERROR = { code: 'NETWORK_CATALOGUE_ERROR', marker: 'rede' } as const;
export const MY_LIBRARY_EMAIL_ERROR = {
  code: 'MY_LIBRARY_EMAIL_ERROR',
  marker: 'MEU_PERGAMUM_EMAIL',
} as const;

/** What the handler needs: a translator and a way to show a toast (tests pass their own). */
export interface ErrorHandlerDeps {
  t: TFunction;
  notify: (notification: NotificationData) => unknown;
}

const defaultDeps = (): ErrorHandlerDeps => ({ t: i18n.t, notify: notifications.show });

function isNetworkCatalogueError(error: ApiError): boolean {
  if (error.code === NETWORK_CATALOGUE_ERROR.code) return true;
  // The network (Pergamum network) catalogue reports "Rede … erro inesperado" in the message.
  const text = error.message.toLowerCase();
  return text.includes(NETWORK_CATALOGUE_ERROR.marker) && text.includes('inesperado');
}

function isMyLibraryEmailError(error: ApiError): boolean {
  return error.code === MY_LIBRARY_EMAIL_ERROR.code || error.message.includes(MY_LIBRARY_EMAIL_ERROR.marker);
}

/** The toast SPEC §8 asks for, or null when the failure is to be ignored. */
export function describeError(error: unknown, t: TFunction): NotificationData | null {
  const base = {
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': t('errors.close') },
  } satisfies Partial<NotificationData>;
  // One id per text: a failure reported by several calls at once (a search, its filters, its
  // aids) shows one toast, not one per call; Mantine ignores a toast whose id is already shown.
  const warning = (message: string): NotificationData => ({
    ...base,
    id: `warning:${message}`,
    color: 'yellow',
    title: t('errors.warningTitle'),
    message,
  });
  const failure = (message: string): NotificationData => ({
    ...base,
    id: `error:${message}`,
    color: 'red',
    title: t('errors.errorTitle'),
    message,
  });

  if (!(error instanceof ApiError)) return failure(t('errors.unexpected'));
  switch (error.kind) {
    case 'cancelled':
      return null;
    case 'network':
      return failure(t('errors.network'));
    case 'invalid-response':
      return failure(t('errors.unexpected'));
    case 'http':
      break;
  }
  if (error.status === 500) {
    if (isNetworkCatalogueError(error)) return warning(t('errors.networkCatalogueUnavailable'));
    if (isMyLibraryEmailError(error)) return failure(t('errors.myLibraryEmail'));
    return failure(t('errors.unexpected'));
  }
  // SPEC §8: a 422's message is a translation key; other statuses carry text in the request's language.
  const message = error.status === 422 ? translateKey(t, error.message) : error.message;
  return warning(message || t('errors.unexpected'));
}

/** The central error handler (SPEC §8): shows the toast a failed call deserves. */
export function handleApiError(error: unknown, deps: ErrorHandlerDeps = defaultDeps()): void {
  const notification = describeError(error, deps.t);
  if (notification) deps.notify(notification);
}
