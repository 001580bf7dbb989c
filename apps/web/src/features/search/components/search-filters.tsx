import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Drawer } from '../../../components/ui/lazy-overlays';
import type { AppliedFilter, FilterGroup } from '@estante/contract';
import { formatCount, translateKey } from '../../../lib/i18n';
import classes from './search.module.css';

/** Values shown per group before "show more". */
const SHOWN_VALUES = 8;

/** Where the side column shows (Mantine's `md`, as `.filtersPanel` in search.module.css). */
const SIDE_COLUMN = '(min-width: 62em)';

interface SearchFiltersProps {
  /** The groups of the search answer, with counts over the whole result set. */
  groups: FilterGroup[];
  onToggle: (filter: AppliedFilter) => void;
  /**
   * Whether a value is applied, from the search the page asks for (its URL), so a ticked box
   * stays ticked while the new counts load; the answer's own `selecionado` otherwise.
   */
  isApplied?: (filter: AppliedFilter) => boolean;
  /** Results of the search as filtered now: the phone drawer's button shows them. */
  total?: number | undefined;
  /** Shown at the top of the phone drawer (the sort and page-size choices). */
  drawerExtras?: ReactNode;
}

function FilterGroupFieldset({
  group,
  onToggle,
  isApplied,
}: {
  group: FilterGroup;
  onToggle: SearchFiltersProps['onToggle'];
  isApplied: NonNullable<SearchFiltersProps['isApplied']>;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Selected values always stay visible, whatever their place in the list.
  const shown = expanded
    ? group.valores
    : group.valores.filter(
        (value, index) => index < SHOWN_VALUES || isApplied({ tipo: group.tipo, valor: value.valor }),
      );
  const hidden = group.valores.length - shown.length;
  const label = translateKey(t, group.descricao);
  return (
    <fieldset className={classes.filterGroup}>
      <legend className={classes.filterLegend}>{label}</legend>
      <Stack gap={6} id={listId}>
        {shown.map((value) => (
          <Checkbox
            key={value.valor}
            size="sm"
            checked={isApplied({ tipo: group.tipo, valor: value.valor })}
            onChange={() => onToggle({ tipo: group.tipo, valor: value.valor })}
            label={
              <>
                {translateKey(t, value.descricao)}{' '}
                <span className={classes.filterCount}>({formatCount(value.quantidade)})</span>
              </>
            }
          />
        ))}
      </Stack>
      {(hidden > 0 || expanded) && group.valores.length > SHOWN_VALUES && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('search.filters.showLess', { group: label })
            : t('search.filters.showMore', { group: label, count: hidden })}
        </Button>
      )}
    </fieldset>
  );
}

/**
 * The result filters of SPEC §4: one group per filter type with the count of results each value
 * holds; different types narrow the results (AND), values of one type widen them (OR). A desktop
 * shows them in a side column; a phone opens them in a drawer whose button closes it on the
 * results (decision 0068). Each tick applies at once, so the counts and the button follow it.
 */
export function SearchFilters({ groups, onToggle, isApplied, total, drawerExtras }: SearchFiltersProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // A phone hides the side column: its groups are drawn only in the drawer, when it opens, not
  // also in a hidden column (up to 17 groups of checkboxes, the results page's largest render;
  // decision 0080). Read at the first render, so a desktop draws the column at once.
  const hasSideColumn = useMediaQuery(SIDE_COLUMN, undefined, { getInitialValueInEffect: false });
  if (groups.length === 0 && !drawerExtras) return null;
  const fieldsets = groups.length > 0 && (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('search.filters.hint')}
      </Text>
      <Stack gap="md">
        {groups.map((group) => (
          <FilterGroupFieldset
            key={group.tipo}
            group={group}
            onToggle={onToggle}
            isApplied={
              isApplied ??
              ((filter) => group.valores.some((value) => value.valor === filter.valor && value.selecionado))
            }
          />
        ))}
      </Stack>
    </>
  );
  return (
    <section aria-labelledby={headingId} className={classes.filters}>
      <Title order={2} fz="h4" id={headingId} visibleFrom="md">
        {t('search.filters.heading')}
      </Title>
      <Button
        hiddenFrom="md"
        variant="outline"
        fullWidth
        aria-haspopup="dialog"
        onClick={() => setIsDrawerOpen(true)}
      >
        {t('search.filters.show')}
      </Button>
      <div className={classes.filtersPanel}>{hasSideColumn && fieldsets}</div>
      <Drawer
        opened={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        title={t('search.filters.heading')}
        position="right"
        size="100%"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {drawerExtras && <div className={classes.drawerExtras}>{drawerExtras}</div>}
        {fieldsets}
        <div className={classes.filtersApply}>
          <Button fullWidth onClick={() => setIsDrawerOpen(false)}>
            {total === undefined
              ? t('search.filters.apply')
              : t('search.filters.applyCount', { count: total })}
          </Button>
        </div>
      </Drawer>
    </section>
  );
}

interface ActiveFiltersProps {
  filters: AppliedFilter[];
  /** Where the value descriptions come from; a value not listed shows as typed in the URL. */
  groups: FilterGroup[];
  onRemove: (filter: AppliedFilter) => void;
  onClear: () => void;
}

/** The applied filters, each removable, and "clear all". */
export function ActiveFilters({ filters, groups, onRemove, onClear }: ActiveFiltersProps) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  const describe = (filter: AppliedFilter) => {
    const group = groups.find((g) => g.tipo === filter.tipo);
    const value = group?.valores.find((v) => v.valor === filter.valor);
    const groupLabel = translateKey(t, group?.descricao ?? `search.filter.${filter.tipo}`);
    return `${groupLabel}: ${value ? translateKey(t, value.descricao) : filter.valor}`;
  };
  return (
    <div className={classes.activeFilters}>
      <Text size="sm" fw={700} component="h3" m={0}>
        {t('search.filters.active')}
      </Text>
      <ul className={classes.activeList}>
        {filters.map((filter) => {
          const text = describe(filter);
          return (
            <li key={`${filter.tipo}:${filter.valor}`}>
              <Button
                variant="light"
                size="compact-sm"
                aria-label={t('search.filters.remove', { filter: text })}
                onClick={() => onRemove(filter)}
                rightSection={<span aria-hidden="true">×</span>}
              >
                {text}
              </Button>
            </li>
          );
        })}
        <li>
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {t('search.filters.clear')}
          </Button>
        </li>
      </ul>
    </div>
  );
}
