import { useTranslation } from 'react-i18next';
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ListDetail } from '@estante/contract';
import { paths } from '../../../config/paths';
import { useUpdateList } from '../api/change-lists';

/** The public address of a shared list, on this site. */
export function sharedListUrl(token: string): string {
  return new URL(paths.sharedList.getHref(token), window.location.origin).toString();
}

/**
 * Private, or shared by a link anyone can open read-only (decision 0043); stopping makes the link
 * dead, and sharing again makes a new one.
 */
export function ShareControl({ list }: { list: ListDetail }) {
  const { t } = useTranslation();
  const update = useUpdateList();
  const token = list.token_compartilhamento;
  const set = (compartilhada: boolean) => update.mutate({ id: list.codigo, body: { compartilhada } });
  if (!token) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{t('lists.share.private')}</Text>
        <Button variant="light" loading={update.isPending} onClick={() => set(true)}>
          {t('lists.share.start')}
        </Button>
      </Stack>
    );
  }
  const url = sharedListUrl(token);
  return (
    <Stack gap="xs">
      <Text>{t('lists.share.shared')}</Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label={t('lists.share.link')} value={url} readOnly style={{ flex: '1 1 18rem' }} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('lists.share.copied') : t('lists.share.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" loading={update.isPending} onClick={() => set(false)}>
          {t('lists.share.stop')}
        </Button>
      </Group>
    </Stack>
  );
}
