import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CategoryPermission, CategoryPermissions } from '@estante/contract';
import { FormRefusal, refusalOf } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useCategoryPermissions, useSaveCategoryPermissions } from '../api/permissions';

const pairKey = (category: string, activity: number) => `${category}:${activity}`;

/**
 * Which patron category may use each activity (decision 0065): a table of activities by category,
 * one checkbox each, saved in one go. An activity turned off for the whole institution (above) stays
 * off for every category whatever is ticked here.
 */
export function PermissionsEditor() {
  const { t } = useTranslation();
  const permissions = useCategoryPermissions();
  return (
    <Stack gap="md" component="section" aria-labelledby="permissions-editor-heading">
      <Title order={2} id="permissions-editor-heading">
        {t('staff.content.permissions.heading')}
      </Title>
      <Text>{t('staff.content.permissions.intro')}</Text>
      {permissions.isPending ? (
        <LoadingBlock />
      ) : permissions.isError ? (
        <ErrorBlock
          message={t('staff.content.permissions.loadError')}
          onRetry={() => void permissions.refetch()}
        />
      ) : (
        // Keyed by the saved set: a save (or another tab's) starts the ticks afresh from the server.
        <PermissionsTable
          key={permissions.data.permissoes.map((p) => pairKey(p.categoria, p.atividade)).join()}
          data={permissions.data}
        />
      )}
    </Stack>
  );
}

function PermissionsTable({ data }: { data: CategoryPermissions }) {
  const { t } = useTranslation();
  const save = useSaveCategoryPermissions();
  const [allowed, setAllowed] = useState(
    () => new Set(data.permissoes.map((p) => pairKey(p.categoria, p.atividade))),
  );
  const [outcome, setOutcome] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = (key: string, on: boolean) => {
    setOutcome(null);
    setAllowed((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  };
  const submit = async () => {
    setOutcome(null);
    setRefusal(null);
    const pairs: CategoryPermission[] = data.categorias.flatMap((category) =>
      data.atividades
        .filter((activity) => allowed.has(pairKey(category.codigo, activity.codigo)))
        .map((activity) => ({ categoria: category.codigo, atividade: activity.codigo })),
    );
    try {
      await save.mutateAsync(pairs);
      setOutcome(t('staff.content.permissions.saved'));
    } catch (error) {
      setRefusal(refusalOf(error, t));
    }
  };

  return (
    <Stack gap="sm">
      {outcome && <Notice tone="success">{outcome}</Notice>}
      <FormRefusal message={refusal} />
      <Table.ScrollContainer minWidth={320}>
        <Table striped withColumnBorders>
          <Table.Caption>{t('staff.content.permissions.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.content.permissions.activity')}</Table.Th>
              {data.categorias.map((category) => (
                <Table.Th scope="col" key={category.codigo}>
                  {category.descricao}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.atividades.map((activity) => (
              <Table.Tr key={activity.codigo}>
                <Table.Th scope="row" fw={400}>
                  {activity.codigo} · {activity.descricao}
                  {!activity.ativa && (
                    <Text size="xs" c="dimmed">
                      {t('staff.content.permissions.off')}
                    </Text>
                  )}
                </Table.Th>
                {data.categorias.map((category) => {
                  const key = pairKey(category.codigo, activity.codigo);
                  return (
                    <Table.Td key={category.codigo}>
                      <Checkbox
                        checked={allowed.has(key)}
                        aria-label={t('staff.content.permissions.allowOf', {
                          activity: activity.descricao,
                          category: category.descricao,
                        })}
                        onChange={(event) => toggle(key, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button loading={save.isPending} onClick={() => void submit()}>
          {t('staff.content.permissions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
