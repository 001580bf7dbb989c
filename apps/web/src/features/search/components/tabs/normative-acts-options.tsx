import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { NORMATIVE_ACT_OPTION, TAB } from '@estante/contract';
import { useNormativeActOptions } from '../../api/get-tab-options';
import { optionValue, tabOptionErrors, withOption } from '../../utils/tab-options';
import type { TabOptionsProps } from './archive-options';
import { optionChoices, OptionsStatus } from './option-choices';
import classes from './tabs.module.css';

/** The normative-acts tab's own fields: kind of act, issuing body, number and year. */
export function NormativeActsOptions({ value, onChange }: TabOptionsProps) {
  const { t } = useTranslation();
  const options = useNormativeActOptions();
  const errors = tabOptionErrors(TAB.normativeActs, value);
  const select = (key: string) => (event: ChangeEvent<HTMLSelectElement>) =>
    onChange(withOption(value, key, event.currentTarget.value));
  const kind = optionValue(value, NORMATIVE_ACT_OPTION.kind);
  const issuer = optionValue(value, NORMATIVE_ACT_OPTION.issuer);
  const year = optionValue(value, NORMATIVE_ACT_OPTION.year);
  const yearError = errors[NORMATIVE_ACT_OPTION.year];

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('search.normativeActs.legend')}</legend>
      <OptionsStatus isLoading={options.isLoading} isError={options.isError} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <NativeSelect
            label={t('search.normativeActs.kindLabel')}
            value={kind}
            // The kinds come as translation keys (search.normativeActs.kind.*).
            data={optionChoices(t, options.data?.tipos, kind, { translate: true })}
            onChange={select(NORMATIVE_ACT_OPTION.kind)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <NativeSelect
            label={t('search.normativeActs.issuer')}
            value={issuer}
            data={optionChoices(t, options.data?.orgaos, issuer)}
            onChange={select(NORMATIVE_ACT_OPTION.issuer)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TextInput
            label={t('search.normativeActs.number')}
            description={t('search.normativeActs.numberHint')}
            autoComplete="off"
            value={optionValue(value, NORMATIVE_ACT_OPTION.number)}
            onChange={(event) =>
              onChange(withOption(value, NORMATIVE_ACT_OPTION.number, event.currentTarget.value))
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NativeSelect
            label={t('search.normativeActs.year')}
            value={year}
            data={optionChoices(t, options.data?.anos, year)}
            error={yearError ? t(yearError) : undefined}
            onChange={select(NORMATIVE_ACT_OPTION.year)}
          />
        </Grid.Col>
      </Grid>
    </fieldset>
  );
}
