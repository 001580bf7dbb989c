import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, NativeSelect, TextInput } from '@mantine/core';
import {
  NEW_ACQUISITIONS_DEFAULTS,
  NEW_ACQUISITIONS_OPTION,
  NEW_ACQUISITIONS_PERIODS,
  TAB,
} from '@estante/contract';
import { optionValue, tabOptionErrors, withOption } from '../../utils/tab-options';
import type { TabOptionsProps } from './archive-options';
import classes from './tabs.module.css';

/** The period choice that shows the two date fields. */
const BETWEEN_DATES = 'datas';

/**
 * The new-acquisitions tab's own fields: acquired in the last 7 … 180 days (30 when nothing is
 * chosen), or between two dates.
 */
export function NewAcquisitionsOptions({ value, onChange }: TabOptionsProps) {
  const { t } = useTranslation();
  const errors = tabOptionErrors(TAB.newAcquisitions, value);
  const from = optionValue(value, NEW_ACQUISITIONS_OPTION.from);
  const to = optionValue(value, NEW_ACQUISITIONS_OPTION.to);
  // Dates in the URL mean "between dates"; the choice also stays while both fields are still empty.
  const [isBetweenDates, setIsBetweenDates] = useState(Boolean(from || to));
  const days = optionValue(value, NEW_ACQUISITIONS_OPTION.days) || String(NEW_ACQUISITIONS_DEFAULTS.dias);
  const periods = NEW_ACQUISITIONS_PERIODS.map(String);
  const choices = [
    ...(periods.includes(days) ? periods : [...periods, days]).map((n) => ({
      value: n,
      label: t('search.newAcquisitions.lastDays', { count: Number(n) }),
    })),
    { value: BETWEEN_DATES, label: t('search.newAcquisitions.custom') },
  ];
  const withoutPeriod = () => {
    const {
      [NEW_ACQUISITIONS_OPTION.days]: _d,
      [NEW_ACQUISITIONS_OPTION.from]: _f,
      [NEW_ACQUISITIONS_OPTION.to]: _t,
      ...rest
    } = value;
    return rest;
  };
  const dateInput = (key: string, label: string, current: string) => (
    <TextInput
      type="date"
      label={label}
      value={current}
      error={errors[key] ? t(errors[key]) : undefined}
      onChange={(event) => onChange(withOption(value, key, event.currentTarget.value))}
    />
  );

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('search.newAcquisitions.legend')}</legend>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            label={t('search.newAcquisitions.period')}
            value={isBetweenDates || from || to ? BETWEEN_DATES : days}
            data={choices}
            onChange={(event) => {
              const choice = event.currentTarget.value;
              setIsBetweenDates(choice === BETWEEN_DATES);
              // The default period is the absence of an option, so the URL stays short.
              if (choice === BETWEEN_DATES) onChange(withoutPeriod());
              else
                onChange(
                  choice === String(NEW_ACQUISITIONS_DEFAULTS.dias)
                    ? withoutPeriod()
                    : { ...withoutPeriod(), [NEW_ACQUISITIONS_OPTION.days]: [choice] },
                );
            }}
          />
        </Grid.Col>
        {(isBetweenDates || from || to) && (
          <>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              {dateInput(NEW_ACQUISITIONS_OPTION.from, t('search.newAcquisitions.from'), from)}
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              {dateInput(NEW_ACQUISITIONS_OPTION.to, t('search.newAcquisitions.to'), to)}
            </Grid.Col>
          </>
        )}
      </Grid>
    </fieldset>
  );
}
