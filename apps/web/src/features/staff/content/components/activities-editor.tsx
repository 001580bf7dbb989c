import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useEditableActivities, useSetActivity } from '../api/activities';

/**
 * The activities (SPEC §6) the institution offers, each turned on or off at once for everyone, as
 * `estante activity on|off` does (decision 0063). Which patron category may use each is the
 * permissions table beside it (decision 0065).
 */
export function ActivitiesEditor() {
  const { t } = useTranslation();
  const activities = useEditableActivities();
  const setActivity = useSetActivity();
  const [outcome, setOutcome] = useState<string | null>(null);

  const toggle = async (code: number, description: string, enabled: boolean) => {
    setOutcome(null);
    await setActivity.mutateAsync({ code, enabled });
    setOutcome(
      enabled
        ? t('staff.content.activities.turnedOn', { name: description })
        : t('staff.content.activities.turnedOff', { name: description }),
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="activities-editor-heading">
      <Title order={2} id="activities-editor-heading">
        {t('staff.content.activities.heading')}
      </Title>
      <Text>{t('staff.content.activities.intro')}</Text>
      {outcome && <Notice tone="success">{outcome}</Notice>}
      {activities.isPending ? (
        <LoadingBlock />
      ) : activities.isError ? (
        <ErrorBlock
          message={t('staff.content.activities.loadError')}
          onRetry={() => void activities.refetch()}
        />
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Caption>{t('staff.content.activities.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.content.activities.code')}</Table.Th>
                <Table.Th scope="col">{t('staff.content.activities.name')}</Table.Th>
                <Table.Th scope="col">{t('staff.content.activities.offered')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activities.data.data.map((activity) => (
                <Table.Tr key={activity.codigo}>
                  <Table.Td>{activity.codigo}</Table.Td>
                  <Table.Td>{activity.descricao}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      checked={activity.ativa}
                      disabled={setActivity.isPending}
                      aria-label={t('staff.content.activities.offerOf', { name: activity.descricao })}
                      onChange={(event) =>
                        void toggle(activity.codigo, activity.descricao, event.currentTarget.checked)
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
