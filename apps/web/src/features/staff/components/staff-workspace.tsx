import { useTranslation } from 'react-i18next';
import { List, Stack, Text, Title } from '@mantine/core';
import { holdsRole, type StaffSelf } from '@estante/contract';
import { DocumentTitle } from '../../../components/ui/document-title';
import { roleDescription, roleLabel } from './role-label';
import { StaffRolesManager } from './staff-roles-manager';

/**
 * The staff workspace's first page (/equipe; decision 0054): who is signed in, the roles they hold
 * and what each lets them do, and, for an administrator, who holds which role.
 */
export function StaffWorkspace({ self }: { self: StaffSelf }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <DocumentTitle page={t('staff.title')} />
      <Stack gap="xs">
        <Title order={1}>{t('staff.title')}</Title>
        <Text c="dimmed">{t('staff.signedInAs', { name: self.nome, login: self.login })}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="staff-own-roles-heading">
        <Title order={2} id="staff-own-roles-heading">
          {t('staff.ownRoles', { count: self.papeis.length })}
        </Title>
        <List spacing="xs">
          {self.papeis.map((role) => (
            <List.Item key={role}>
              <Text component="span" fw={700}>
                {roleLabel(role, t)}
              </Text>
              {' — '}
              {roleDescription(role, t)}
            </List.Item>
          ))}
        </List>
      </Stack>
      {holdsRole(self.papeis, 'administrador') && <StaffRolesManager />}
    </Stack>
  );
}
