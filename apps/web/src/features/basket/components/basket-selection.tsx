import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group } from '@mantine/core';
import { useBasket } from '../hooks/use-basket';

interface Selection {
  selected: ReadonlySet<number>;
  toggle: (id: number, isChecked: boolean) => void;
  clear: () => void;
}

const SelectionContext = createContext<Selection | null>(null);

/** Holds the results the patron ticked, to add them to the basket together. */
export function BasketSelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, isChecked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <SelectionContext.Provider value={{ selected, toggle, clear: () => setSelected(new Set()) }}>
      {children}
    </SelectionContext.Provider>
  );
}

function useSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('needs a BasketSelectionProvider');
  return selection;
}

/** The tick box of one result. */
export function SelectForBasket({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const { selected, toggle } = useSelection();
  return (
    <Checkbox
      size="sm"
      aria-label={t('basket.select', { title })}
      checked={selected.has(id)}
      onChange={(event) => toggle(id, event.currentTarget.checked)}
    />
  );
}

/** "Add selected to basket" for the ticked results, and "select all" of those shown. */
export function AddSelectedToBasket({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const { selected, toggle, clear } = useSelection();
  const basket = useBasket();
  const chosen = ids.filter((id) => selected.has(id));
  const isAllSelected = ids.length > 0 && chosen.length === ids.length;
  return (
    <Group gap="sm">
      <Checkbox
        label={t('basket.selectAll')}
        checked={isAllSelected}
        indeterminate={chosen.length > 0 && !isAllSelected}
        onChange={(event) => {
          const isChecked = event.currentTarget.checked;
          for (const id of ids) toggle(id, isChecked);
        }}
      />
      <Button
        size="xs"
        disabled={chosen.length === 0}
        onClick={() => {
          basket.addMany(chosen);
          clear();
        }}
      >
        {t('basket.addSelected', { count: chosen.length })}
      </Button>
    </Group>
  );
}
