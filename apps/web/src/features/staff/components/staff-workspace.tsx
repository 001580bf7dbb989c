import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import type { StaffSelf } from '@estante/contract';
import { paths } from '../../../config/paths';
import { DocumentTitle } from '../../../components/ui/document-title';
import { sectionsFor, type StaffSection } from '../sections';
import { roleDescription, roleLabel } from './role-label';

/**
 * The staff workspace's frame (/equipe and its parts; decisions 0054, 0055): the part's name as the
 * page heading, the menu of the parts the person's roles open, and the part itself.
 */
export function StaffLayout({
  self,
  current,
  children,
}: {
  self: StaffSelf;
  current: StaffSection;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = current.key === 'overview' ? t('staff.title') : t(current.label);
  return (
    <Stack gap="lg">
      <DocumentTitle page={title} />
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t('staff.signedInAs', { name: self.nome, login: self.login })}</Text>
      </Stack>
      <nav aria-label={t('staff.nav.label')}>
        <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {sectionsFor(self.papeis).map((section) => {
            const href = paths.staffSection.getHref(section.segment);
            return (
              <li key={section.key}>
                <Anchor component={Link} to={href} aria-current={pathname === href ? 'page' : undefined}>
                  {t(section.label)}
                </Anchor>
              </li>
            );
          })}
        </Group>
      </nav>
      {children}
    </Stack>
  );
}

/** The workspace's first page: the roles the person holds and what each lets them do. */
export function StaffOverview({ self }: { self: StaffSelf }) {
  const { t } = useTranslation();
  return (
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
  );
}
