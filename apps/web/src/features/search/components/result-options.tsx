import { useTranslation } from 'react-i18next';
import { Group, NativeSelect } from '@mantine/core';
import { ORDERINGS, PAGE_SIZES, type Ordering, type OrderingOption } from '@estante/contract';
import { translateKey } from '../../../lib/i18n';

interface ResultOptionsProps {
  ordering: Ordering;
  pageSize: number;
  /** Orderings from /consulta/ordenacao; the known codes are offered until they arrive. */
  orderings: OrderingOption[] | undefined;
  onOrderingChange: (ordering: Ordering) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Sort and page-size selects of a result list (SPEC §3 result options). */
export function ResultOptions({
  ordering,
  pageSize,
  orderings,
  onOrderingChange,
  onPageSizeChange,
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
    </Group>
  );
}
