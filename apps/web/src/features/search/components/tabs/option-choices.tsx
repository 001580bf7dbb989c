import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert, Text } from '@mantine/core';
import type { TabOptionValue } from '@estante/contract';
import { formatCount, translateKey } from '../../../../lib/i18n';

/** One choice of a native select. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The choices of a tab-form select: "any" first, then each value with its number of titles. A
 * value already chosen (from the URL) stays offered even when the list does not hold it.
 */
export function optionChoices(
  t: TFunction,
  values: TabOptionValue[] | undefined,
  current: string,
  options: { translate?: boolean } = {},
): Choice[] {
  const label = (value: TabOptionValue) => {
    const text = options.translate ? translateKey(t, value.descricao) : value.descricao;
    return t('search.tabForm.withCount', { label: text, quantity: formatCount(value.quantidade) });
  };
  const choices: Choice[] = [
    { value: '', label: t('search.tabForm.any') },
    ...(values ?? []).map((value) => ({ value: value.valor, label: label(value) })),
  ];
  if (current && !choices.some((c) => c.value === current)) choices.push({ value: current, label: current });
  return choices;
}

/** Says that a tab form's options are loading, or could not be loaded (the text fields still work). */
export function OptionsStatus({ isLoading, isError }: { isLoading: boolean; isError: boolean }) {
  const { t } = useTranslation();
  if (isError)
    return (
      <Alert color="yellow" mb="sm">
        {t('search.options.error')}
      </Alert>
    );
  if (isLoading)
    return (
      <Text size="sm" role="status" mb="xs">
        {t('search.options.loading')}
      </Text>
    );
  return null;
}
