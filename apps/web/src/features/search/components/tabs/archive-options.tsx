import { useTranslation } from 'react-i18next';
import { Grid, NativeSelect, Text, TextInput } from '@mantine/core';
import { ARCHIVE_OPTION, TAB } from '@estante/contract';
import { useArchiveOptions } from '../../api/get-tab-options';
import { optionValue, tabOptionErrors, withOption, type TabOptionsValue } from '../../utils/tab-options';
import { optionChoices, OptionsStatus } from './option-choices';
import classes from './tabs.module.css';

/** Props of every tab-options form: the options by `opcao` key, and what to do when one changes. */
export interface TabOptionsProps {
  value: TabOptionsValue;
  onChange: (next: TabOptionsValue) => void;
}

/** The archive tab's own fields: fonds, series (of the chosen fonds) and the years the records cover. */
export function ArchiveOptions({ value, onChange }: TabOptionsProps) {
  const { t } = useTranslation();
  const options = useArchiveOptions();
  const errors = tabOptionErrors(TAB.archive, value);
  const fonds = optionValue(value, ARCHIVE_OPTION.fonds);
  const series = optionValue(value, ARCHIVE_OPTION.series);
  const seriesOfFonds = (options.data?.series ?? []).filter((s) => !fonds || s.fundo === fonds);
  const span = options.data?.anoInicial && options.data.anoFinal ? options.data : null;
  const yearInput = (key: string, label: string) => (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      value={optionValue(value, key)}
      error={errors[key] ? t(errors[key]) : undefined}
      onChange={(event) => onChange(withOption(value, key, event.currentTarget.value))}
    />
  );

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('search.archive.legend')}</legend>
      <OptionsStatus isLoading={options.isLoading} isError={options.isError} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('search.archive.fonds')}
            value={fonds}
            data={optionChoices(t, options.data?.fundos, fonds)}
            onChange={(event) => {
              const next = event.currentTarget.value;
              // A series belongs to its fonds: choosing another fonds clears a series it does not hold.
              const keepsSeries = (options.data?.series ?? []).some(
                (s) => s.valor === series && (!next || s.fundo === next),
              );
              const withFonds = withOption(value, ARCHIVE_OPTION.fonds, next);
              onChange(keepsSeries ? withFonds : withOption(withFonds, ARCHIVE_OPTION.series, ''));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelect
            label={t('search.archive.series')}
            value={series}
            data={optionChoices(t, seriesOfFonds, series)}
            onChange={(event) =>
              onChange(withOption(value, ARCHIVE_OPTION.series, event.currentTarget.value))
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          {yearInput(ARCHIVE_OPTION.from, t('search.archive.from'))}
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>{yearInput(ARCHIVE_OPTION.to, t('search.archive.to'))}</Grid.Col>
      </Grid>
      {span && (
        <Text size="sm" mt="xs">
          {t('search.archive.span', { from: span.anoInicial, to: span.anoFinal })}
        </Text>
      )}
    </fieldset>
  );
}
