import { describe, expect, it, vi } from 'vitest';
import { createNotificationsStore, notifications, type NotificationData } from '@mantine/notifications';
import { ApiError } from './api-client';
import { handleApiError, NOTIFICATION_AUTO_CLOSE_MS } from './error-handler';
import { i18n } from './i18n';

function toastFor(error: unknown): NotificationData | undefined {
  const notify = vi.fn();
  handleApiError(error, { t: i18n.t, notify });
  return notify.mock.calls[0]?.[0] as NotificationData | undefined;
}

describe('central error handler (SPEC §8)', () => {
  it('shows one toast when the same failure is reported three times while it is shown', () => {
    const store = createNotificationsStore();
    const notify = (toast: NotificationData) => notifications.show(toast, store);
    const failure = new ApiError('http', 500, 'INTERNAL', 'boom');
    for (let i = 0; i < 3; i += 1) handleApiError(failure, { t: i18n.t, notify });
    handleApiError(new ApiError('network', null, 'NETWORK', ''), { t: i18n.t, notify });
    expect(store.getState().notifications.map((toast) => toast.message)).toEqual([
      i18n.t('errors.unexpected'),
      i18n.t('errors.network'),
    ]);
  });

  it('shows the server message as a warning for a status other than 500', () => {
    const toast = toastFor(new ApiError('http', 404, 'NOT_FOUND', 'Registro não encontrado.'));
    expect(toast).toMatchObject({ color: 'yellow', message: 'Registro não encontrado.', title: 'Atenção' });
  });

  it('closes by itself after 8 seconds and names its close button', () => {
    const toast = toastFor(new ApiError('http', 400, 'VALIDATION', 'Parâmetros inválidos'));
    expect(toast?.autoClose).toBe(NOTIFICATION_AUTO_CLOSE_MS);
    expect(NOTIFICATION_AUTO_CLOSE_MS).toBe(8000);
    expect(toast?.closeButtonProps?.['aria-label']).toBe('Fechar aviso');
  });

  it('translates a 422 message as a key first', () => {
    const toast = toastFor(new ApiError('http', 422, 'VALIDATION', 'search.field.required'));
    expect(toast?.message).toBe('O campo acima é obrigatório');
  });

  it('shows the key itself when a 422 key has no translation', () => {
    const toast = toastFor(new ApiError('http', 422, 'HOLD_LIMIT', 'hold.limit.reached'));
    expect(toast?.message).toBe('hold.limit.reached');
  });

  it('shows the generic unexpected-error text for a 500', () => {
    const toast = toastFor(new ApiError('http', 500, 'INTERNAL', 'stack trace here'));
    expect(toast).toMatchObject({
      color: 'red',
      message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    });
  });

  it('warns that the network service is unavailable when the network catalogue failed', () => {
    const toast = toastFor(new ApiError('http', 500, 'NETWORK_CATALOGUE_ERROR', 'Rede: erro inesperado'));
    expect(toast).toMatchObject({
      color: 'yellow',
      message: 'O serviço da rede de bibliotecas está indisponível no momento. Tente mais tarde.',
    });
  });

  it('shows the my-library e-mail message when the 500 carries its marker', () => {
    const toast = toastFor(new ApiError('http', 500, 'INTERNAL', 'falha MEU_PERGAMUM_EMAIL ao enviar'));
    expect(toast?.message).toBe(
      'Não foi possível enviar o e-mail. Confira o endereço de e-mail cadastrado em seus dados pessoais.',
    );
  });

  it('says the server could not be contacted when no response came', () => {
    const toast = toastFor(new ApiError('network', null, null, 'Failed to fetch'));
    expect(toast).toMatchObject({
      color: 'red',
      message: 'Não foi possível contatar o servidor. Verifique sua conexão.',
    });
  });

  it('ignores cancelled requests', () => {
    expect(toastFor(new ApiError('cancelled', null, null, 'cancelled'))).toBeUndefined();
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('en');
    expect(toastFor(new ApiError('network', null, null, 'x'))?.message).toBe(
      'The server could not be contacted. Check your connection.',
    );
  });
});
