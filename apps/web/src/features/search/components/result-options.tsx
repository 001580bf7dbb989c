import { useTranslation } from 'react-i18next';
import { Group, NativeSelect } from '@mantine/core';
import {
  ORDERINGS,
  PAGE_SIZES,
  RESULT_DISPLAYS,
  type Ordering,
  type OrderingOption,
  type ResultDisplay,
} from '@estante/contract';
import { translateKey } from '../../../lib/i18n';

/** Label of each display mode. */
const DISPLAY_LABEL = {
  D: 'search.display.D',
  C: 'search.display.C',
} as const satisfies Record<ResultDisplay, string>;

interface ResultOptionsProps {
  ordering: Ordering;
  pageSize: number;
  /** Orderings from /consulta/ordenacao; the known codes are offered until they arrive. */
  orderings: OrderingOption[] | undefined;
  onOrderingChange: (ordering: Ordering) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The display mode shown; the choice is offered only with onDisplayChange. */
  display?: ResultDisplay;
  onDisplayChange?: ((display: ResultDisplay) => void) | undefined;
}

/** Sort, page-size and display selects of a result list (SPEC §3 result options). */
export function ResultOptions({
  ordering,
  pageSize,
  orderings,
  onOrderingChange,
  onPageSizeChange,
  display,
  onDisplayChange,
}: ResultOptionsProps) {
  const { t } = useTranslation();
  const options = orderings ?? ORDERINGS.map((codigo) => ({ codigo, descricao: `search.sort.${codigo}` }));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('search.sort.label')}
        value={ordering}
        onChange={(event) => onOrderingChange(event.currentTarget.value as Ordering)}
        data={options.map((option) => ({ value: option.codigo, label: translateKey(t, option.descricao) }))}
      />
      <NativeSelect
        label={t('search.pageSize.label')}
        value={String(pageSize)}
        onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        data={PAGE_SIZES.map((size) => String(size))}
      />
      {display && onDisplayChange && (
        <NativeSelect
          label={t('search.display.label')}
          value={display}
          onChange={(event) => onDisplayChange(event.currentTarget.value as ResultDisplay)}
          data={RESULT_DISPLAYS.map((mode) => ({ value: mode, label: t(DISPLAY_LABEL[mode]) }))}
        />
      )}
    </Group>
  );
}
