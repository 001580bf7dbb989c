import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { CASE_LAW_OPTION, TAB } from '@estante/contract';
import { useJurisprudenceOptions } from '../../api/get-tab-options';
import { optionValue, tabOptionErrors, withOption } from '../../utils/tab-options';
import type { TabOptionsProps } from './archive-options';
import { optionChoices, OptionsStatus } from './option-choices';
import classes from './tabs.module.css';

/** The jurisprudence tab's own fields: court, kind of decision, case number, rapporteur, year of judgment. */
export function JurisprudenceOptions({ value, onChange }: TabOptionsProps) {
  const { t } = useTranslation();
  const options = useJurisprudenceOptions();
  const errors = tabOptionErrors(TAB.caseLaw, value);
  const select = (key: string) => (event: ChangeEvent<HTMLSelectElement>) =>
    onChange(withOption(value, key, event.currentTarget.value));
  const court = optionValue(value, CASE_LAW_OPTION.court);
  const kind = optionValue(value, CASE_LAW_OPTION.kind);
  const rapporteur = optionValue(value, CASE_LAW_OPTION.rapporteur);
  const year = optionValue(value, CASE_LAW_OPTION.year);
  const yearError = errors[CASE_LAW_OPTION.year];

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('search.jurisprudence.legend')}</legend>
      <OptionsStatus isLoading={options.isLoading} isError={options.isError} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('search.jurisprudence.court')}
            value={court}
            data={optionChoices(t, options.data?.tribunais, court)}
            onChange={select(CASE_LAW_OPTION.court)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('search.jurisprudence.kind')}
            value={kind}
            data={optionChoices(t, options.data?.tipos, kind)}
            onChange={select(CASE_LAW_OPTION.kind)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <NativeSelect
            label={t('search.jurisprudence.rapporteur')}
            value={rapporteur}
            data={optionChoices(t, options.data?.relatores, rapporteur)}
            onChange={select(CASE_LAW_OPTION.rapporteur)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('search.jurisprudence.number')}
            autoComplete="off"
            value={optionValue(value, CASE_LAW_OPTION.number)}
            onChange={(event) =>
              onChange(withOption(value, CASE_LAW_OPTION.number, event.currentTarget.value))
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NativeSelect
            label={t('search.jurisprudence.year')}
            value={year}
            data={optionChoices(t, options.data?.anos, year)}
            error={yearError ? t(yearError) : undefined}
            onChange={select(CASE_LAW_OPTION.year)}
          />
        </Grid.Col>
      </Grid>
    </fieldset>
  );
}
