import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Menu, Text } from '@mantine/core';
import { useAddToList } from '../api/change-lists';
import { useLists } from '../api/get-lists';

/**
 * "Save to a list" for a signed-in patron (decision 0043): a menu of their lists, the permanent
 * basket first; saving says where the titles went. Used on the record page and the basket page.
 */
export function AddToList({ titleIds, label }: { titleIds: readonly number[]; label?: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const lists = useLists(opened);
  const add = useAddToList();
  const [done, setDone] = useState('');
  const nameOf = (list: { nome: string | null; cesta_permanente: boolean }) =>
    list.cesta_permanente ? t('lists.permanentBasket') : (list.nome ?? '');
  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-start">
        <Menu.Target>
          <Button variant="light" loading={add.isPending}>
            {label ?? t('lists.saveTo')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {lists.isPending && <Menu.Label>{t('common.loading')}</Menu.Label>}
          {lists.isError && <Menu.Label>{t('lists.loadError')}</Menu.Label>}
          {lists.data?.listas.map((list) => (
            <Menu.Item
              key={list.codigo}
              onClick={() =>
                add.mutate(
                  { id: list.codigo, titleIds },
                  { onSuccess: () => setDone(t('lists.saved', { list: nameOf(list) })) },
                )
              }
            >
              {nameOf(list)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Text size="sm" role="status" aria-live="polite">
        {done}
      </Text>
    </>
  );
}
