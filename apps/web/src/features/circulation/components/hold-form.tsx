import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Hold, HoldInitialInfo } from '@estante/contract';
import { HoldPlaced, HoldRefused, holdRequest } from './hold-parts';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';

import { useHoldInitialInfo } from '../api/get-hold-initial-info';
import { checkHoldQueue } from '../api/check-hold-queue';
import { placeHold } from '../api/place-hold';
import { HOLDS_QUERY_KEY } from '../api/get-holds';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { refusalOf } from '../../../components/form/refusal';
import {
  CHOICE_FIELDS,
  CopyChoiceSelects,
  initialChoices,
  librarySelectOptions,
  missingChoices,
  NONE,
  RequiredSelect,
  type ChoiceField,
  type ChoiceValues,
} from './copy-choices';
import { Notice } from '../../../components/ui/notice';

interface HoldFormProps {
  titleId: number;
  titleName: string;
  /** The patron's holds in the personal area, linked once the hold is placed. */
  myHoldsHref?: string | undefined;
  /** The title's loan-request tab, offered when a hold is refused because a copy is on the shelf. */
  loanRequestHref?: string | undefined;
}

/**
 * The hold tab (18) for a signed-in patron (SPEC §3 Hold, §4, §5): the pickup library and every
 * volume, tome, part, additional material and location the copies offer, each required; the queue
 * place the hold would take is shown before the patron confirms (POST /reserva/validar-fila), then
 * the hold is placed after the confirm dialog. A title that cannot be held now says why.
 */
export function HoldForm({ titleId, ...rest }: HoldFormProps) {
  const { t } = useTranslation();
  const query = useHoldInitialInfo(titleId);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return (
      <ErrorBlock message={t('circulation.holds.form.loadError')} onRetry={() => void query.refetch()} />
    );
  return <HoldFormBody info={query.data} {...rest} />;
}

type FieldErrors = Partial<Record<ChoiceField | 'biblioteca', string>>;

function HoldFormBody({
  info,
  titleName,
  myHoldsHref,
  loanRequestHref,
}: Omit<HoldFormProps, 'titleId'> & { info: HoldInitialInfo }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { containerRef, reportErrors } = useFocusFirstError();
  const [library, setLibrary] = useState(
    info.bibliotecas.length === 1 ? String(info.bibliotecas[0]!.cod_biblioteca) : NONE,
  );
  const [choices, setChoices] = useState<ChoiceValues>(() => initialChoices(info));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [position, setPosition] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Hold | null>(null);
  const [isBusy, setBusy] = useState(false);

  if (placed) return <HoldPlaced placed={placed} myHoldsHref={myHoldsHref} />;

  if (!info.permitido) return <HoldRefused info={info} loanRequestHref={loanRequestHref} />;

  const libraryName = (code: string) =>
    info.bibliotecas.find((b) => String(b.cod_biblioteca) === code)?.desc_biblioteca ?? '';

  const change = (field: ChoiceField | 'biblioteca', value: string) => {
    if (field === 'biblioteca') setLibrary(value);
    else setChoices((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...others }) => others);
    // Another choice may take another place in the queue: check again before confirming.
    setPosition(null);
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const found: FieldErrors = missingChoices(info, choices, CHOICE_FIELDS, t);
    if (info.bibliotecas.length > 0 && library === NONE) {
      found.biblioteca = t('circulation.errors.choiceRequired.biblioteca');
    }
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      reportErrors();
      return;
    }
    const request = holdRequest(info, library, choices);
    setBusy(true);
    try {
      // SPEC §3: the patron sees the place in the queue (or the refusal) before confirming.
      const place = await checkHoldQueue(request);
      setPosition(place);
      const isConfirmed = await confirm({
        title: t('circulation.holds.confirm.title'),
        content: (
          <Stack gap="xs">
            <Text>
              {t('circulation.holds.confirm.text', { title: titleName, library: libraryName(library) })}
            </Text>
            <Text fw={700}>{t('circulation.holds.form.position', { position: place })}</Text>
          </Stack>
        ),
        confirmLabel: t('circulation.holds.confirm.confirm'),
        cancelLabel: t('circulation.holds.confirm.cancel'),
      });
      if (!isConfirmed) return;
      const hold = await placeHold(request);
      setPlaced(hold);
      void queryClient.invalidateQueries({ queryKey: HOLDS_QUERY_KEY });
    } catch (error) {
      const text = refusalOf(error, t);
      if (text) {
        setRefusal(text);
        setPosition(null);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={containerRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" maw={480}>
        <Text>{t('circulation.holds.form.intro')}</Text>
        <Text size="sm">{t('circulation.holds.form.waiting', { waiting: info.fila })}</Text>
        <Text size="sm">{t('circulation.holds.form.requiredLegend')}</Text>
        {info.bibliotecas.length > 0 && (
          <RequiredSelect
            label={t('circulation.holds.form.library')}
            value={library}
            options={librarySelectOptions(info.bibliotecas)}
            error={errors.biblioteca}
            onChange={(value) => change('biblioteca', value)}
          />
        )}
        <CopyChoiceSelects
          offered={info}
          fields={CHOICE_FIELDS}
          values={choices}
          errors={errors}
          onChange={change}
        />
        <div aria-live="polite">
          {position !== null && <Text fw={700}>{t('circulation.holds.form.position', { position })}</Text>}
        </div>
        {refusal && <Notice tone="refusal">{refusal}</Notice>}
        <Group>
          <Button type="submit" loading={isBusy}>
            {t('circulation.holds.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
