import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack } from '@mantine/core';
import { Modal } from './lazy-overlays';

/** What a confirmation asks (SPEC §2 "Generic confirm dialog"). */
export interface ConfirmOptions {
  /** The question or explanation. */
  content: ReactNode;
  /** Title; SPEC §9 default "Confirmacao" (translated). */
  title?: ReactNode;
  /** Label of the confirm button; default "Confirmar" (translated). */
  confirmLabel?: ReactNode;
  /** Label of the cancel button; default "Cancelar" (translated). */
  cancelLabel?: ReactNode;
}

interface ConfirmDialogProps extends ConfirmOptions {
  opened: boolean;
  onConfirm: () => void;
  /** Called on cancel and on every other way of closing (Escape, close button, outside click). */
  onCancel: () => void;
}

/** The confirm dialog itself; closing it in any way counts as cancel. */
export function ConfirmDialog({
  opened,
  content,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title ?? t('common.confirm.title')}>
      <Stack gap="md">
        <div>{content}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t('common.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel ?? t('common.confirm.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Request {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Holds the one confirm dialog of the app; `useConfirm` opens it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const current = useRef<Request | null>(null);

  const settle = (confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
    // The dialog closes first; its content stays during the closing transition.
    setIsOpen(false);
  };

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A new question while one is open answers the old one with cancel.
        current.current?.resolve(false);
        const next = { options, resolve };
        current.current = next;
        setRequest(next);
        setIsOpen(true);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && (
        <ConfirmDialog
          {...request.options}
          opened={isOpen}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      )}
    </ConfirmContext.Provider>
  );
}

/** `confirm({ content })` opens the confirm dialog and resolves true on confirm, false on cancel or close. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider (AppProvider has one)');
  return confirm;
}
