import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Hold, HoldInitialInfo } from '@estante/contract';
import { HoldPlaced, HoldRefused, holdRequest } from './hold-parts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { Notice } from '../../../components/ui/notice';
import { FormRefusal, SelectField, SubmitButton, useForm, type FieldErrors } from '../../../components/form';
import { isApiErrorStatus } from '../../../lib/api-client';
import { translateKey } from '../../../lib/i18n';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { useHoldInitialInfo } from '../api/get-hold-initial-info';
import { checkHoldQueue } from '../api/check-hold-queue';
import { placeHold } from '../api/place-hold';
import { HOLDS_QUERY_KEY } from '../api/get-holds';
import {
  CHOICE_FIELDS,
  CopyChoiceSelects,
  initialChoices,
  librarySelectOptions,
  missingChoices,
  NONE,
  type ChoiceField,
  type ChoiceValues,
} from './copy-choices';

interface HoldDialogProps {
  titleId: number;
  titleName: string;
  opened: boolean;
  onClose: () => void;
  /** The patron's holds in the personal area, linked once the hold is placed. */
  myHoldsHref?: string | undefined;
  /** The title's loan-request tab, offered when a hold is refused because a copy is on the shelf. */
  loanRequestHref?: string | undefined;
}

/**
 * The hold in one dialog (decision 0070), for a signed-in patron: the pickup library (and any
 * volume, tome, part, material or location the copies offer, SPEC §5), the place in the queue the
 * hold would take — asked (POST /reserva/validar-fila) as soon as every choice is made — and one
 * button that places it (POST /reserva). The dialog then says the place taken.
 */
export function HoldDialog({ titleId, titleName, opened, onClose, ...rest }: HoldDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('circulation.holds.dialog.title', { title: titleName })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <HoldDialogContent titleId={titleId} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function HoldDialogContent({
  titleId,
  onClose,
  myHoldsHref,
  loanRequestHref,
}: Omit<HoldDialogProps, 'titleName' | 'opened'>) {
  const { t } = useTranslation();
  const query = useHoldInitialInfo(titleId);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return (
      <ErrorBlock message={t('circulation.holds.form.loadError')} onRetry={() => void query.refetch()} />
    );
  const info = query.data;
  if (!info.permitido) return <HoldRefused info={info} loanRequestHref={loanRequestHref} onClose={onClose} />;
  return <HoldDialogForm info={info} onClose={onClose} myHoldsHref={myHoldsHref} />;
}

type HoldValues = ChoiceValues & { biblioteca: string };

function HoldDialogForm({
  info,
  onClose,
  myHoldsHref,
}: {
  info: HoldInitialInfo;
  onClose: () => void;
  myHoldsHref?: string | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [placed, setPlaced] = useState<Hold | null>(null);

  // SPEC §5: the pickup library and every choice the copies offer are required.
  const validate = (values: HoldValues): FieldErrors<HoldValues> => {
    const found: FieldErrors<HoldValues> = missingChoices(info, values, CHOICE_FIELDS, t);
    if (info.bibliotecas.length > 0 && values.biblioteca === NONE)
      found.biblioteca = t('circulation.errors.choiceRequired.biblioteca');
    return found;
  };
  const form = useForm<HoldValues>({
    // A choice with a single value offered starts chosen: one library, one location, nothing to do.
    initial: {
      biblioteca: info.bibliotecas.length === 1 ? String(info.bibliotecas[0]!.cod_biblioteca) : NONE,
      ...initialChoices(info),
    },
    validate,
    onSubmit: async (values) => {
      const hold = await placeHold(holdRequest(info, values.biblioteca, values));
      setPlaced(hold);
      void queryClient.invalidateQueries({ queryKey: HOLDS_QUERY_KEY });
    },
  });
  const request = holdRequest(info, form.values.biblioteca, form.values);
  const isComplete = Object.keys(validate(form.values)).length === 0;
  // SPEC §3: the patron sees the place in the queue (or why not) before confirming.
  const queue = useQuery({
    queryKey: ['circulation', 'hold-queue', request],
    queryFn: () => checkHoldQueue(request),
    enabled: isComplete && !placed,
    retry: false,
    ...PRIVATE_QUERY,
    // A refusal (422) is explained in the dialog; anything else goes to the central toast.
    meta: { ...PRIVATE_QUERY.meta, silentStatuses: [422] },
  });
  const queueRefusal =
    queue.isError && isApiErrorStatus(queue.error, 422) ? translateKey(t, queue.error.message) : null;

  if (placed) return <HoldPlaced placed={placed} myHoldsHref={myHoldsHref} onClose={onClose} />;

  const onChoice = (field: ChoiceField, value: string) => form.setValue(field, value);
  return (
    <form {...form.formProps}>
      <Stack gap="sm">
        <Text size="sm">{t('circulation.holds.dialog.intro')}</Text>
        {info.bibliotecas.length > 0 && (
          <SelectField
            label={t('circulation.holds.form.library')}
            required
            choose={info.bibliotecas.length > 1}
            options={librarySelectOptions(info.bibliotecas)}
            {...form.field('biblioteca')}
          />
        )}
        <CopyChoiceSelects
          offered={info}
          fields={CHOICE_FIELDS}
          values={form.values}
          errors={form.errors}
          onChange={onChoice}
        />
        <div aria-live="polite">
          {queue.isSuccess && (
            <Text fw={700}>{t('circulation.holds.form.position', { position: queue.data })}</Text>
          )}
          {isComplete && queue.isFetching && <Text size="sm">{t('circulation.holds.dialog.checking')}</Text>}
          {!isComplete && (
            <Text size="sm">{t('circulation.holds.form.waiting', { waiting: info.fila })}</Text>
          )}
        </div>
        {queueRefusal && <Notice tone="refusal">{queueRefusal}</Notice>}
        <FormRefusal message={form.refusal} />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('circulation.holds.confirm.cancel')}
          </Button>
          <SubmitButton sending={form.sending} disabled={queueRefusal !== null}>
            {t('circulation.holds.confirm.confirm')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
