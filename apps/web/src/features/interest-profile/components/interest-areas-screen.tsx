import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import type { InterestAuxiliary, InterestTopic } from '@estante/contract';
import {
  CheckboxField,
  DateField,
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  firstErrors,
  useForm,
} from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { Notice } from '../../../components/ui/notice';
import {
  useAddTopics,
  useInterestAuxiliary,
  useInterestTopics,
  useRemoveTopic,
} from '../api/interest-profile';
import { validityErrors } from './validity';

interface AreasValues {
  areas: number[];
  validity: string;
}

function AreasForm({ auxiliary, chosen }: { auxiliary: InterestAuxiliary; chosen: InterestTopic[] }) {
  const { t } = useTranslation();
  const add = useAddTopics();
  const remove = useRemoveTopic();
  const validityLabel = t('interestProfile.areas.validity');
  const [saved, setSaved] = useState<number | null>(null);
  const form = useForm<AreasValues>({
    initial: {
      areas: chosen.flatMap((item) => (item.codTipoArea === null ? [] : [item.codTipoArea])),
      validity:
        chosen[0]?.validade && chosen[0].validade > auxiliary.hoje
          ? chosen[0].validade
          : auxiliary.validade_padrao,
    },
    validate: (values) =>
      firstErrors({ validity: [validityErrors(values.validity, validityLabel, auxiliary.hoje, t)] }),
    onSubmit: async (values) => {
      // The checked areas take the validity; the ones unchecked leave the profile.
      if (values.areas.length > 0)
        await add.mutateAsync({ tipoDSI: 'area', validade: values.validity, itens: values.areas });
      for (const item of chosen)
        if (item.codTipoArea !== null && !values.areas.includes(item.codTipoArea))
          await remove.mutateAsync({ codigo: item.codigo, tipoDSI: 'area', codTipoArea: item.codTipoArea });
      setSaved(values.areas.length);
    },
  });
  const toggle = (id: number, on: boolean) => {
    setSaved(null);
    form.setValue('areas', on ? [...form.values.areas, id] : form.values.areas.filter((area) => area !== id));
  };
  return (
    <form {...form.formProps} aria-label={t('interestProfile.areas.form')}>
      <Stack gap="md">
        <RequiredLegend />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={600}>{t('interestProfile.areas.legend')}</Text>
          </legend>
          <Stack gap="xs" mt="xs">
            {auxiliary.areas.map((area) => (
              <CheckboxField
                key={area.codigo}
                label={area.descricao}
                value={form.values.areas.includes(area.codigo)}
                error={undefined}
                onChange={(on) => toggle(area.codigo, on)}
              />
            ))}
          </Stack>
        </fieldset>
        <DateField label={validityLabel} required min={auxiliary.hoje} {...form.field('validity')} />
        <FormRefusal message={form.refusal} />
        {saved !== null && !form.sending && (
          <Notice tone="success">{t('interestProfile.areas.saved', { count: saved })}</Notice>
        )}
        <SubmitButton sending={form.sending}>{t('interestProfile.areas.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * Personal area "areas of interest" (SPEC §2; decision 0052): the knowledge areas the patron wants
 * to hear about, chosen all at once from the library's list, with one validity. The interest
 * profile screen shows them among the other items and removes them one by one.
 */
export function InterestAreasScreen() {
  const { t } = useTranslation();
  const auxiliary = useInterestAuxiliary();
  const topics = useInterestTopics();
  if (auxiliary.isPending || topics.isPending) return <LoadingBlock />;
  if (auxiliary.isError || topics.isError)
    return (
      <ErrorBlock
        message={t('interestProfile.loadError')}
        onRetry={() => void Promise.all([auxiliary.refetch(), topics.refetch()])}
      />
    );
  const chosen = topics.data.itens.filter((item) => item.tipoDSI === 'area');
  return (
    <Stack gap="lg">
      <Text>{t('interestProfile.areas.intro')}</Text>
      {auxiliary.data.areas.length === 0 ? (
        <Text>{t('interestProfile.areas.none')}</Text>
      ) : (
        <AreasForm auxiliary={auxiliary.data} chosen={chosen} />
      )}
    </Stack>
  );
}
